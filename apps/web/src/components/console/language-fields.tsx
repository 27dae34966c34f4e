import { LANGUAGE_NAMES, LANGUAGES } from '@caravan/contracts';
import { Collapse, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A text of a per-language record in the viewer's language, else English, else any. */
export function nameOf(names: Record<string, string>, lang: string): string {
  return names[lang] ?? names.en ?? Object.values(names)[0] ?? '';
}

/** Drops empty languages from a per-language form value before it is sent. */
export function compactTexts(texts: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts ?? {}).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );
}

/**
 * Text inputs for every language: English first, the others folded away. The fold opens by itself while one of its
 * fields has an error: folded, a refused save showed nothing and seemed to do nothing.
 */
export function LanguageFields({ name, label, max }: { name: string; label: string; max: number }) {
  const { t } = useTranslation('console');
  const form = Form.useFormInstance();
  const [isUnfolded, setUnfolded] = useState(false);
  const others = LANGUAGES.filter((lang) => lang !== 'en');
  return (
    <>
      <Form.Item name={[name, 'en']} label={`${label} · ${LANGUAGE_NAMES.en}`}>
        <Input maxLength={max} />
      </Form.Item>
      {/* Re-rendered on every change of the form, errors included (a value-only watch misses a refused save). */}
      <Form.Item noStyle shouldUpdate>
        {() => {
          const hasHiddenError = others.some((lang) => form.getFieldError([name, lang]).length > 0);
          return (
            <Collapse
              size="small"
              // The next field's label sat on the fold's bottom edge.
              style={{ marginBlockEnd: 24 }}
              activeKey={isUnfolded || hasHiddenError ? ['more'] : []}
              onChange={(keys) => setUnfolded(keys.includes('more'))}
              items={[
                {
                  key: 'more',
                  label: t('catalog.otherLanguages'),
                  forceRender: true,
                  children: others.map((lang) => (
                    <Form.Item key={lang} name={[name, lang]} label={`${label} · ${LANGUAGE_NAMES[lang]}`}>
                      <Input maxLength={max} dir="auto" />
                    </Form.Item>
                  )),
                },
              ]}
            />
          );
        }}
      </Form.Item>
    </>
  );
}
