import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, type TLanguage } from '@caravan/contracts/languages';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { listMenuLanguages, withLanguageParam } from '../lib/language';
import { switchLanguage } from '../lib/language-switch';

/**
 * A disclosure of links, one per language, each named in its own language. Not a native select: the browser lays
 * out a select's options even while it is closed, and on Linux finding fonts for 21 scripts (Arabic, Devanagari,
 * Thai, CJK...) made every storefront load about 30 ms longer on the main thread (issue 11, TBT). The list is
 * rendered only while open, which also keeps the header's markup free of the page's address: the server renders
 * the header once per language and splices it into every page (server-fragment.tsx). A choice is stored and the
 * page reloads in that language (SPEC §2); the links' addresses still serve a new tab.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation('common');
  const { pathname, search } = useLocation();
  const current = i18n.language as TLanguage;
  const menuRef = useRef<HTMLDetailsElement>(null);
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    if (!isOpen) {
      return;
    }
    const closeOutside = (event: PointerEvent) => {
      if (menuRef.current && !menuRef.current.contains(event.target as Node)) {
        menuRef.current.open = false;
      }
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen]);

  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key === 'Escape' && menuRef.current?.open) {
      menuRef.current.open = false;
      menuRef.current.querySelector('summary')?.focus();
    }
  };

  const choose = (event: MouseEvent<HTMLAnchorElement>, lang: TLanguage) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void switchLanguage(lang);
  };

  return (
    <details
      ref={menuRef}
      className="cv-lang"
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
      onKeyDown={closeOnEscape}
    >
      <summary className="cv-lang__button">
        <GlobalOutlined aria-hidden="true" className="cv-lang__icon" />
        <span className="cv-visually-hidden">{t('labelled', { label: t('header.language') })} </span>
        <span className="cv-lang__current" lang={LANGUAGE_TAGS[current]}>
          {LANGUAGE_NAMES[current]}
        </span>
      </summary>
      {isOpen && (
        <ul className="cv-lang__list">
          {listMenuLanguages(import.meta.env.DEV).map((code) => (
            <li key={code}>
              <a
                href={withLanguageParam(pathname, search, code)}
                lang={LANGUAGE_TAGS[code]}
                hrefLang={LANGUAGE_TAGS[code]}
                aria-current={code === current ? 'true' : undefined}
                className="cv-lang__option"
                onClick={(event) => choose(event, code)}
              >
                {LANGUAGE_NAMES[code]}
              </a>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
