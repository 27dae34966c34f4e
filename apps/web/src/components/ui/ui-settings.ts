import type { TLanguage } from '@caravan/contracts/languages';
import type { Locale } from 'antd/es/locale';
import { createContext, useContext } from 'react';

export type TUiSettings = {
  lang: TLanguage;
  direction: 'ltr' | 'rtl';
  /** Ant Design's texts for the language, handed to every AntdScope. */
  antdLocale: Locale | undefined;
};

/**
 * Language, direction and Ant Design's locale, provided at the root without Ant Design itself: the public
 * storefront renders no Ant Design component in its first load (docs/decisions.md, web vitals); the pages and
 * widgets that do use it wrap themselves in AntdScope, which reads these.
 */
export const UiSettingsContext = createContext<TUiSettings>({
  lang: 'en',
  direction: 'ltr',
  antdLocale: undefined,
});

export function useUiSettings(): TUiSettings {
  return useContext(UiSettingsContext);
}
