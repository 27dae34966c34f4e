import { LANGUAGE_TAGS, type TLanguage } from '@caravan/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const cache = new Map<string, Intl.DisplayNames>();

function regionNames(lang: string): Intl.DisplayNames {
  const tag = LANGUAGE_TAGS[lang as TLanguage] ?? 'en';
  let names = cache.get(tag);
  if (!names) {
    names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'none' });
    cache.set(tag, names);
  }
  return names;
}

/**
 * A country's name in the given language from its ISO 3166 code (Intl.DisplayNames), never a stored English
 * name; `fallback` (e.g. the name saved with an old address) only when the code is unknown.
 */
export function countryName(lang: string, code: string | null | undefined, fallback?: string | null): string {
  const trimmed = (code ?? '').trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(trimmed)) {
    try {
      const name = regionNames(lang).of(trimmed);
      if (name) {
        return name;
      }
    } catch {
      // A malformed code: fall through to what was stored.
    }
  }
  return fallback || code || '';
}

/** `countryName` bound to the reader's language. */
export function useCountryName(): (code: string | null | undefined, fallback?: string | null) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const lang = i18n.language;
    return (code, fallback) => countryName(lang, code, fallback);
  }, [i18n.language]);
}
