import { LANGUAGE_TAGS, type TLanguage } from '@caravan/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../lib/country-name';
import { useCountries } from './api/list-regions';

/**
 * The countries for a select, "flag name", in the order of their names in the reader's language (Intl.Collator).
 * Sorted by the label, they followed the flags, whose characters spell the ISO code: Andorra, United Arab Emirates,
 * Afghanistan.
 */
export function useCountryOptions() {
  const countries = useCountries();
  const countryName = useCountryName();
  const { i18n } = useTranslation();
  const options = useMemo(() => {
    const collator = new Intl.Collator(LANGUAGE_TAGS[i18n.language as TLanguage] ?? 'en');
    return (countries.data ?? [])
      .map((c) => ({ value: c.code, name: countryName(c.code, c.name), flag: c.flag }))
      .sort((a, b) => collator.compare(a.name, b.name))
      .map(({ value, name, flag }) => ({ value, label: `${flag} ${name}` }));
  }, [countries.data, countryName, i18n.language]);
  return { countries, options };
}
