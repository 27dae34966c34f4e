import {
  AMOUNT_ISOLATION,
  DEFAULT_LANGUAGE,
  isRtlLanguage,
  LANGUAGE_TAGS,
  type TLanguage,
} from '@caravan/contracts/languages';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

type TDictionaryModule = { default: Record<string, unknown> };

type TDictionaryTable = Record<string, () => Promise<TDictionaryModule>>;
type TLanguageTables = { WEB: TDictionaryTable; SHARED: TDictionaryTable };

/**
 * Per language (src/locales/<lang>/index.ts): its web dictionaries (src/locales/<lang>/<ns>.json) and the shared
 * server ones (errors, validation). Only this 21-entry table is in the first load, not the ~460 files behind it.
 */
const LANGUAGE_TABLES = import.meta.glob<TLanguageTables>('../locales/*/index.ts');

export const SHARED_NAMESPACES = ['errors', 'validation'] as const;
export const WEB_NAMESPACES = [
  'common',
  'auth',
  'account',
  'pages',
  'admin',
  'seller',
  'cs',
  'catalog',
  'cart',
  'orders',
  'wallet',
  'finance',
  'services',
  'console',
  'loans',
  'chat',
  'pwa',
] as const;

async function findDictionaryLoader(lang: string, namespace: string) {
  const tables = await LANGUAGE_TABLES[`../locales/${lang}/index.ts`]?.();
  if (!tables) {
    return undefined;
  }
  const isShared = (SHARED_NAMESPACES as readonly string[]).includes(namespace);
  const table = isShared ? tables.SHARED : tables.WEB;
  const suffix = `/${lang}/${namespace}.json`;
  const key = Object.keys(table).find((path) => path.endsWith(suffix) || path === `./${namespace}.json`);
  return key ? table[key] : undefined;
}

/** Missing dictionaries resolve empty so i18next falls back to English key by key. */
export async function loadDictionary(lang: string, namespace: string): Promise<Record<string, unknown>> {
  const loader = await findDictionaryLoader(lang, namespace);
  return loader ? (await loader()).default : {};
}

/** Ant Design's own texts per language; Afrikaans and Filipino, which it does not ship, are ours (lib/antd-locales). */
const ANTD_LOCALES: Partial<Record<TLanguage, () => Promise<{ default: Locale }>>> = {
  af: () => import('./antd-locales/af'),
  ph: () => import('./antd-locales/ph'),
  cn: () => import('antd/es/locale/zh_CN'),
  tw: () => import('antd/es/locale/zh_TW'),
  ja: () => import('antd/es/locale/ja_JP'),
  de: () => import('antd/es/locale/de_DE'),
  ms: () => import('antd/es/locale/ms_MY'),
  th: () => import('antd/es/locale/th_TH'),
  el: () => import('antd/es/locale/el_GR'),
  pt: () => import('antd/es/locale/pt_PT'),
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
  ru: () => import('antd/es/locale/ru_RU'),
  it: () => import('antd/es/locale/it_IT'),
  tr: () => import('antd/es/locale/tr_TR'),
  ko: () => import('antd/es/locale/ko_KR'),
  ar: () => import('antd/es/locale/ar_EG'),
  id: () => import('antd/es/locale/id_ID'),
  vi: () => import('antd/es/locale/vi_VN'),
  hi: () => import('antd/es/locale/hi_IN'),
};

const DAYJS_LOCALES: Partial<Record<TLanguage, { name: string; load: () => Promise<unknown> }>> = {
  cn: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  tw: { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  ja: { name: 'ja', load: () => import('dayjs/locale/ja') },
  de: { name: 'de', load: () => import('dayjs/locale/de') },
  ms: { name: 'ms', load: () => import('dayjs/locale/ms') },
  af: { name: 'af', load: () => import('dayjs/locale/af') },
  th: { name: 'th', load: () => import('dayjs/locale/th') },
  el: { name: 'el', load: () => import('dayjs/locale/el') },
  pt: { name: 'pt', load: () => import('dayjs/locale/pt') },
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr') },
  ru: { name: 'ru', load: () => import('dayjs/locale/ru') },
  it: { name: 'it', load: () => import('dayjs/locale/it') },
  tr: { name: 'tr', load: () => import('dayjs/locale/tr') },
  ko: { name: 'ko', load: () => import('dayjs/locale/ko') },
  ph: { name: 'tl-ph', load: () => import('dayjs/locale/tl-ph') },
  ar: { name: 'ar', load: () => import('dayjs/locale/ar') },
  id: { name: 'id', load: () => import('dayjs/locale/id') },
  vi: { name: 'vi', load: () => import('dayjs/locale/vi') },
  hi: { name: 'hi', load: () => import('dayjs/locale/hi') },
};

/** Ant Design's component texts for the language (undefined = its built-in English). */
export async function loadAntdLocale(lang: TLanguage): Promise<Locale | undefined> {
  const loader = ANTD_LOCALES[lang];
  return loader ? (await loader()).default : undefined;
}

/**
 * dayjs loads here rather than with the entry: the server-rendered storefront shows no dates, so it never loads
 * there; the pages and widgets that show dates come through scopeWithAntd (lib/antd-lazy.ts), which waits for
 * ensureDayjsLocale (docs/decisions.md, web vitals).
 */
export async function applyDayjsLocale(lang: TLanguage): Promise<void> {
  const entry = DAYJS_LOCALES[lang];
  const [{ default: dayjs }] = await Promise.all([import('dayjs'), entry?.load()]);
  dayjs.locale(entry ? entry.name : 'en');
}

let dayjsLocaleApplied: Promise<void> | undefined;

/** Applies the page language's dayjs locale once (main.tsx names the language before anything else asks). */
export function ensureDayjsLocale(lang: TLanguage = i18next.language as TLanguage): Promise<void> {
  dayjsLocaleApplied ??= applyDayjsLocale(lang);
  return dayjsLocaleApplied;
}

export function applyDocumentLanguage(lang: TLanguage): void {
  document.documentElement.lang = LANGUAGE_TAGS[lang];
  document.documentElement.dir = isRtlLanguage(lang) ? 'rtl' : 'ltr';
}

/** `resources`: dictionaries a server-rendered page brought along (the rest still load on demand). */
export async function initI18n(
  lang: TLanguage,
  resources?: Record<string, Record<string, unknown>>,
): Promise<typeof i18next> {
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend(loadDictionary))
    .use(AMOUNT_ISOLATION)
    .init({
      lng: lang,
      ...(resources ? { resources: { [lang]: resources }, partialBundledLanguages: true } : {}),
      fallbackLng: DEFAULT_LANGUAGE,
      // The error texts only back up a server reply without a message; lib/api.ts loads them on that path.
      ns: ['common', 'validation'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      postProcess: [AMOUNT_ISOLATION.name],
      returnNull: false,
      react: { useSuspense: true },
    });
  return i18next;
}
