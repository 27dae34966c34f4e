/** Language codes of SPEC §2, in the order the language menu shows them. */
export const LANGUAGES = [
  'en',
  'cn',
  'tw',
  'ja',
  'de',
  'ms',
  'af',
  'th',
  'el',
  'pt',
  'es',
  'fr',
  'ru',
  'it',
  'tr',
  'ko',
  'ph',
  'ar',
  'id',
  'vi',
  'hi',
] as const;

export type TLanguage = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** Codes laid out right to left; ur, fa and pr are listed so adding them later needs no layout change. */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'ur', 'fa', 'pr'];

/** Each language's own name, shown in the language menu. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  en: 'English',
  cn: '简体中文',
  tw: '繁體中文',
  ja: '日本語',
  de: 'Deutsch',
  ms: 'Bahasa Melayu',
  af: 'Afrikaans',
  th: 'ไทย',
  el: 'Ελληνικά',
  pt: 'Português',
  es: 'Español',
  fr: 'Français',
  ru: 'Русский',
  it: 'Italiano',
  tr: 'Türkçe',
  ko: '한국어',
  ph: 'Filipino',
  ar: 'العربية',
  id: 'Bahasa Indonesia',
  vi: 'Tiếng Việt',
  hi: 'हिन्दी',
};

/** BCP 47 tag of each code, for Intl formatting and Accept-Language matching. */
export const LANGUAGE_TAGS: Record<TLanguage, string> = {
  en: 'en',
  cn: 'zh-CN',
  tw: 'zh-TW',
  ja: 'ja',
  de: 'de',
  ms: 'ms',
  af: 'af',
  th: 'th',
  el: 'el',
  pt: 'pt',
  es: 'es',
  fr: 'fr',
  ru: 'ru',
  it: 'it',
  tr: 'tr',
  ko: 'ko',
  ph: 'fil',
  ar: 'ar',
  id: 'id',
  vi: 'vi',
  hi: 'hi',
};

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isRtlLanguage(code: string): boolean {
  return RTL_LANGUAGES.includes(code);
}

/** An amount with its unit inside a sentence ("1,234.50 USDT"). */
const AMOUNT_WITH_UNIT = /-?\d[\d,]*(?:\.\d+)? USDT/g;
const LEFT_TO_RIGHT_ISOLATE = '\u2066';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * Keeps each "1,234.50 USDT" in a right-to-left sentence in the order it is written. Without the isolate the
 * bidi algorithm takes digits after Arabic letters as Arabic numbers and "USDT" as a separate run, so
 * "... إلى 30,000,000.00 USDT" showed as "USDT 30,000,000.00 إلى ...".
 */
export function isolateAmounts(text: string): string {
  return text.replace(
    AMOUNT_WITH_UNIT,
    (amount) => `${LEFT_TO_RIGHT_ISOLATE}${amount}${POP_DIRECTIONAL_ISOLATE}`,
  );
}

/**
 * An i18next post-processor (`.use(...)` it and name it in `postProcess`): every translated text of a
 * right-to-left language gets its amounts isolated (`isolateAmounts`). Typed structurally so contracts need
 * not depend on i18next.
 */
export const AMOUNT_ISOLATION = {
  type: 'postProcessor' as const,
  name: 'isolateAmounts',
  process(
    value: string,
    _key: unknown,
    options: { lng?: string } | undefined,
    translator: { language?: string } | undefined,
  ): string {
    const lang = options?.lng ?? translator?.language ?? '';
    return isRtlLanguage(lang) && value.includes('USDT') ? isolateAmounts(value) : value;
  },
};

/** Maps a BCP 47 tag (from Accept-Language or navigator.language) to one of our codes. */
export function languageFromTag(tag: string): TLanguage | undefined {
  const lower = tag.trim().toLowerCase();
  if (isLanguage(lower)) {
    return lower;
  }
  if (lower.startsWith('zh')) {
    return /-(tw|hk|mo|hant)/.test(lower) ? 'tw' : 'cn';
  }
  if (lower === 'fil' || lower.startsWith('fil-') || lower.startsWith('tl')) {
    return 'ph';
  }
  if (lower === 'in' || lower.startsWith('in-')) {
    return 'id';
  }
  const base = lower.split('-')[0] ?? '';
  return isLanguage(base) ? base : undefined;
}

/** Picks the best supported language from an Accept-Language header, honouring q-values. */
export function languageFromAcceptHeader(header: string | undefined): TLanguage | undefined {
  if (!header) {
    return undefined;
  }
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number.parseFloat(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const code = languageFromTag(tag);
    if (code) {
      return code;
    }
  }
  return undefined;
}
