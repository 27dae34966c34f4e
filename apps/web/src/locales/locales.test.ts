import { LANGUAGES, NOTIFICATION_EVENTS } from '@caravan/contracts';
import { describe, expect, it } from 'vitest';

type TDictionary = { [key: string]: string | TDictionary };

const WEB = import.meta.glob<TDictionary>('./*/*.json', { eager: true, import: 'default' });
const SHARED = import.meta.glob<TDictionary>(
  '../../../../packages/contracts/locales/*/{errors,validation,server}.json',
  {
    eager: true,
    import: 'default',
  },
);

/**
 * Tokens that may stay as in English in any language: brand, currency, coin and network names, and the gram's
 * international symbol (Russian, Arabic or Chinese write their own; most languages write "g").
 */
const SAME_IN_EVERY_LANGUAGE = new Set(['Caravan', 'USDT', 'BTC', 'ETH', 'TRC20', 'ERC20', 'g']);
/** Words that really are spelled as in English in one language (checked by a native reading, not a guess). */
const SAME_AS_ENGLISH_IN: Record<string, ReadonlySet<string>> = {
  es: new Set(['No']),
  fr: new Set(['Page {{page}}']),
  it: new Set(['No']),
};

function collect(tables: Record<string, TDictionary>) {
  const byLang = new Map<string, Map<string, TDictionary>>();
  for (const [file, dictionary] of Object.entries(tables)) {
    const match = /\/([a-z]{2})\/([a-z-]+)\.json$/.exec(file);
    if (!match) {
      continue;
    }
    const [, lang = '', namespace = ''] = match;
    const namespaces = byLang.get(lang) ?? new Map<string, TDictionary>();
    namespaces.set(namespace, dictionary);
    byLang.set(lang, namespaces);
  }
  return byLang;
}

function flatten(dictionary: TDictionary, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(dictionary)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of flatten(value, path)) {
        out.set(k, v);
      }
    } else {
      out.set(path, value);
    }
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const all = collect({ ...WEB, ...SHARED });
const english = all.get('en') ?? new Map<string, TDictionary>();
const others = LANGUAGES.filter((lang) => lang !== 'en');

describe('dictionaries', () => {
  it('English has every namespace the web and server need', () => {
    expect([...english.keys()].sort()).toEqual(
      [
        'account',
        'admin',
        'auth',
        'catalog',
        'cart',
        'chat',
        'common',
        'console',
        'cs',
        'errors',
        'finance',
        'loans',
        'orders',
        'pages',
        'pwa',
        'seller',
        'server',
        'services',
        'validation',
        'wallet',
      ].sort(),
    );
  });

  it('English has a text for every notification event', () => {
    const chat = flatten(english.get('chat') ?? {});
    for (const event of NOTIFICATION_EVENTS) {
      expect(chat.get(`notification.${event}`), `chat:notification.${event}`).toEqual(expect.any(String));
    }
  });

  describe.each(others)('%s', (lang) => {
    it.each([...english.keys()])(
      '%s has exactly the English keys, translated, with the same placeholders',
      (ns) => {
        const source = flatten(english.get(ns) ?? {});
        const translated = all.get(lang)?.get(ns);
        expect(translated, `${lang}/${ns}.json is missing`).toBeDefined();
        const target = flatten(translated ?? {});
        expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
        for (const [key, englishText] of source) {
          const text = target.get(key);
          expect(typeof text === 'string' && text.trim().length > 0, `${lang}/${ns}:${key} is empty`).toBe(
            true,
          );
          expect(placeholders(String(text)), `${lang}/${ns}:${key} placeholders`).toEqual(
            placeholders(String(englishText)),
          );
          if (text === englishText) {
            const isAllowed =
              SAME_IN_EVERY_LANGUAGE.has(String(text)) || SAME_AS_ENGLISH_IN[lang]?.has(String(text));
            expect(isAllowed, `${lang}/${ns}:${key} is untranslated`).toBe(true);
          }
        }
      },
    );
  });
});
