import { LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@caravan/contracts';
import { Form, Select, Space, Tabs, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput, LimitedTextArea } from '../ui/limited-text';

export type TLocalizedField = {
  /** The form field holding the texts by language (`{ en: '…', fr: '…' }`). */
  name: string;
  /** What the text is (its label, placeholder and, with the language, its accessible name). */
  label: string;
  maxLength: number;
  /** Rows of a multi-line field; a one-line field without. */
  rows?: number;
  /** What to say when the primary language's text is empty; without it every text is optional. */
  requiredMessage?: string;
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

/** A language's tab title, in the error colour while a text in that tab is refused (the tab may be hidden). */
function LanguageTabTitle({ title, paths }: { title: string; paths: (string | number)[][] }) {
  const { token } = theme.useToken();
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) => {
        const hasError = form.getFieldsError(paths).some((field) => field.errors.length > 0);
        return <span style={hasError ? { color: token.colorError } : undefined}>{title}</span>;
      }}
    </Form.Item>
  );
}

/**
 * Texts per language (a shop's description; a product's name and description), as fields of the form they are
 * in: a language picker and a tab per chosen language holding every field in that language. The primary
 * language's tab is starred when a text of it is required, and the form checks it with its other fields.
 */
export function PerLanguageTexts({
  primary,
  langs,
  onLangsChange,
  fields,
}: {
  primary: TLanguage;
  langs: TLanguage[];
  onLangsChange: (langs: TLanguage[]) => void;
  fields: TLocalizedField[];
}) {
  const { t } = useTranslation('seller');
  const isPrimaryRequired = fields.some((field) => field.requiredMessage !== undefined);
  return (
    <>
      <Select<TLanguage[]>
        mode="multiple"
        // Typed as the list shows it ("Türkçe") or as its code ("tr"): it filtered on the code alone (QA).
        showSearch={{ optionFilterProp: ['label', 'value'] }}
        aria-label={t('editor.languages')}
        style={{ inlineSize: '100%', marginBlockEnd: 12 }}
        value={langs}
        onChange={(next) => onLangsChange([primary, ...next.filter((l) => l !== primary)])}
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], disabled: l === primary }))}
      />
      <Tabs
        items={langs.map((l) => ({
          key: l,
          label: (
            <LanguageTabTitle
              title={`${LANGUAGE_NAMES[l]}${isPrimaryRequired && l === primary ? ' *' : ''}`}
              paths={fields.map((field) => [field.name, l])}
            />
          ),
          // Every chosen language's fields exist from the start, so the form sends and checks them all.
          forceRender: true,
          children: (
            <Space orientation="vertical" style={{ inlineSize: '100%' }}>
              {fields.map((field) => {
                const common = {
                  'aria-label': `${field.label} (${l})`,
                  placeholder: field.label,
                  dir: 'auto',
                };
                return (
                  <Form.Item
                    key={field.name}
                    name={[field.name, l]}
                    rules={[
                      ...(field.requiredMessage !== undefined && l === primary
                        ? [{ required: true, whitespace: true, message: field.requiredMessage }]
                        : []),
                      { max: field.maxLength },
                    ]}
                    style={{ marginBlockEnd: 0 }}
                  >
                    {field.rows ? (
                      <LimitedTextArea {...common} limit={field.maxLength} rows={field.rows} />
                    ) : (
                      <LimitedInput {...common} limit={field.maxLength} />
                    )}
                  </Form.Item>
                );
              })}
            </Space>
          ),
        }))}
      />
    </>
  );
}
