import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES, type TLanguage } from '@caravan/contracts/languages';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { listMenuLanguages } from '../../lib/language';
import { switchLanguage } from '../../lib/language-switch';

/** A native select: keyboard and screen-reader friendly everywhere, and nothing extra on the first load. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const current = i18n.language as TLanguage;
  return (
    <span className="cv-lang">
      <GlobalOutlined aria-hidden="true" className="cv-lang__icon" />
      <label htmlFor={id} className="cv-visually-hidden">
        {t('header.language')}
      </label>
      <select
        id={id}
        className="cv-lang__select"
        value={current}
        onChange={(event) => {
          void switchLanguage(event.target.value as TLanguage);
        }}
      >
        {listMenuLanguages(import.meta.env.DEV).map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
