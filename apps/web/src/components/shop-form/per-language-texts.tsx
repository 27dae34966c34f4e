import { LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@caravan/contracts';
import { Input, Select, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type TLocalizedField = {
  /** What the text is (its label, placeholder and, with the language, its accessible name). */
  label: string;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  maxLength: number;
  /** Rows of a multi-line field; a one-line field without. */
  rows?: number;
};

/**
 * The languages a text is written in: the shop's own language first (it cannot be removed), then those the
 * texts already have.
 */
export function useTextLanguages(primary: TLanguage, texts: Record<string, string> | undefined) {
  return useState<TLanguage[]>(() => {
    const own = Object.keys(texts ?? {}).filter((l): l is TLanguage =>
      (LANGUAGES as readonly string[]).includes(l),
    );
    return [primary, ...own.filter((l) => l !== primary)];
  });
}

/** Only the chosen languages' texts, each present (empty when not written): what the server is sent. */
export function pickLanguages(values: Record<string, string>, langs: TLanguage[]): Record<string, string> {
  return Object.fromEntries(langs.map((l) => [l, values[l] ?? '']));
}

/**
 * Texts per language (a shop's description; a product's name and description): a language picker and a tab
 * per chosen language holding every field in that language. The primary language's tab is starred when its
 * text is required.
 */
export function PerLanguageTexts({
  primary,
  isPrimaryRequired,
  langs,
  onLangsChange,
  fields,
}: {
  primary: TLanguage;
  isPrimaryRequired: boolean;
  langs: TLanguage[];
  onLangsChange: (langs: TLanguage[]) => void;
  fields: TLocalizedField[];
}) {
  const { t } = useTranslation('seller');
  return (
    <>
      <Select<TLanguage[]>
        mode="multiple"
        aria-label={t('editor.languages')}
        style={{ inlineSize: '100%', marginBlockEnd: 12 }}
        value={langs}
        onChange={(next) => onLangsChange([primary, ...next.filter((l) => l !== primary)])}
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], disabled: l === primary }))}
      />
      <Tabs
        items={langs.map((l) => ({
          key: l,
          label: `${LANGUAGE_NAMES[l]}${isPrimaryRequired && l === primary ? ' *' : ''}`,
          children: (
            <Space direction="vertical" style={{ inlineSize: '100%' }}>
              {fields.map((field) => {
                const common = {
                  'aria-label': `${field.label} (${l})`,
                  placeholder: field.label,
                  maxLength: field.maxLength,
                  dir: 'auto',
                  value: field.values[l] ?? '',
                };
                const set = (text: string) => field.onChange({ ...field.values, [l]: text });
                return field.rows ? (
                  <Input.TextArea
                    key={field.label}
                    {...common}
                    rows={field.rows}
                    onChange={(e) => set(e.target.value)}
                  />
                ) : (
                  <Input key={field.label} {...common} onChange={(e) => set(e.target.value)} />
                );
              })}
            </Space>
          ),
        }))}
      />
    </>
  );
}
