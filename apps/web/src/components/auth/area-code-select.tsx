import { LANGUAGE_TAGS, type TLanguage } from '@caravan/contracts';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../../lib/bidi';
import { AREA_CODES } from './area-codes';

type TAreaCodeOption = { code: string; search: string; name: string };

/**
 * How well an area code matches what was typed, best first: the exact code ("81" -> +81), then codes that start with
 * the digits (+810...), then any match in the country's name or code ("81" inside +681). Null when nothing matches.
 */
export function rankAreaCode(option: TAreaCodeOption, typed: string): number | null {
  const text = typed.normalize('NFKC').trim().toLocaleLowerCase();
  const digits = text.replace(/[\s+]/g, '');
  const code = option.code.replace('+', '');
  if (/^\d+$/.test(digits)) {
    if (code === digits) {
      return 0;
    }
    if (code.startsWith(digits)) {
      return 1;
    }
  }
  return option.search.toLocaleLowerCase().includes(text) ? 2 : null;
}

export function AreaCodeSelect(props: { value?: string; onChange?: (value: string) => void; id?: string }) {
  const { t, i18n } = useTranslation('auth');
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([LANGUAGE_TAGS[i18n.language as TLanguage] ?? 'en'], {
      type: 'region',
    });
    return AREA_CODES.map((item) => {
      const name = names.of(item.region) ?? item.region;
      return {
        value: `${item.region}:${item.code}`,
        code: item.code,
        name,
        // The code isolated left to right (LRI ... PDI) also where the text is used as it is (the option's title,
        // what a screen reader says): an Arabic "أرمينيا +374" otherwise read "374+".
        label: `${name} ${isolateLtr(item.code)}`,
        // What a search matches: "Armenia +374" as typed, without the isolation marks between.
        search: `${name} ${item.code}`,
      };
    }).sort((a, b) => a.name.localeCompare(b.name));
  }, [i18n.language]);
  const selected = options.find((o) => o.code === props.value && props.value)?.value;
  return (
    <Select
      id={props.id}
      showSearch={{
        filterOption: (typed, option) => option !== undefined && rankAreaCode(option, typed) !== null,
        // Enter picks the first option: "81" must be Japan, not Wallis and Futuna (+681) that sorts before it.
        filterSort: (a, b, { searchValue }) =>
          (rankAreaCode(a, searchValue) ?? 3) - (rankAreaCode(b, searchValue) ?? 3) ||
          a.name.localeCompare(b.name),
      }}
      value={selected}
      onChange={(value: string) => props.onChange?.(value.split(':')[1] ?? '')}
      options={options}
      aria-label={t('fields.areaCode')}
      placeholder={t('fields.areaCode')}
      popupMatchSelectWidth={260}
      style={{ width: 140 }}
      labelRender={({ value }) => <span dir="ltr">{String(value).split(':')[1]}</span>}
      // DESIGN: numbers stay left to right inside right-to-left text; the "+" stays before the digits.
      optionRender={({ data }) => (
        <>
          {data.name} <bdi dir="ltr">{data.code}</bdi>
        </>
      )}
    />
  );
}
