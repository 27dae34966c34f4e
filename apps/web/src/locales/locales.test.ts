import { LANGUAGE_TAGS, LANGUAGES, NOTIFICATION_EVENTS, type TLanguage } from '@caravan/contracts';
import i18next from 'i18next';
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
 * Tokens that may stay as in English in any language: brand, currency, coin and network names, the gram's
 * international symbol (Russian, Arabic or Chinese write their own; most languages write "g"), and a label with a
 * plain colon (common:labelled; French and the CJK languages write their own).
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Caravan',
  'USDT',
  'BTC',
  'ETH',
  'TRC20',
  'ERC20',
  'g',
  '{{label}}:',
]);
/** Words that really are spelled as in English in one language (checked by a native reading, not a guess). */
const SAME_AS_ENGLISH_IN: Record<string, ReadonlySet<string>> = {
  de: new Set(['Administrator']),
  es: new Set(['No']),
  fr: new Set(['Page {{page}}', '{{count}} minute', '{{count}} minutes']),
  id: new Set(['Administrator']),
  it: new Set(['No']),
  pt: new Set(['Total']),
  tr: new Set(['Net (USDT)']),
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

/** i18next's plural suffixes (JSON v4): `minutes_one`, `minutes_other`… */
const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * Namespaces whose counted keys have exactly the CLDR plural categories of each language (Russian one, few, many,
 * other; Japanese other alone). The others still copy English's _one and _other in every language, the languages
 * with more forms writing their _other as a label before the number ("Товаров: 5"), which fits every number.
 */
const CLDR_PLURAL_NAMESPACES: ReadonlySet<string> = new Set(['chat']);

/** The categories given to each counted key ("stats.minutes" -> one, other), by the key without its suffix. */
function pluralForms(flat: Map<string, unknown>): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const key of flat.keys()) {
    const [, base = '', category = ''] = PLURAL_FORM.exec(key) ?? [];
    if (base && flat.has(`${base}_other`)) {
      forms.set(base, [...(forms.get(base) ?? []), category]);
    }
  }
  return forms;
}

/** The keys a language must have: in a CLDR namespace a counted key's forms count once, as they differ by language. */
function keyShape(flat: Map<string, unknown>, namespace: string): string[] {
  if (!CLDR_PLURAL_NAMESPACES.has(namespace)) {
    return [...flat.keys()].sort();
  }
  const plurals = pluralForms(flat);
  const shape = [...flat.keys()].map((key) => {
    const base = PLURAL_FORM.exec(key)?.[1];
    return base && plurals.has(base) ? `${base}_*` : key;
  });
  return [...new Set(shape)].sort();
}

/** The English text a key translates: its own, or the English _other of a form English does not have (_few). */
function englishTextOf(source: Map<string, unknown>, key: string): unknown {
  const base = PLURAL_FORM.exec(key)?.[1];
  return source.get(key) ?? (base ? source.get(`${base}_other`) : undefined);
}

function pluralRules(lang: TLanguage): Intl.PluralRules {
  return new Intl.PluralRules(LANGUAGE_TAGS[lang]);
}

/**
 * A form standing for one number alone may name it in words rather than show it: Arabic's one and two are
 * "دقيقة واحدة" and "دقيقتان".
 */
function isOneNumberForm(lang: TLanguage, key: string): boolean {
  const category = PLURAL_FORM.exec(key)?.[2];
  const rules = pluralRules(lang);
  return Array.from({ length: 1001 }, (_, n) => rules.select(n)).filter((c) => c === category).length === 1;
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

  it('writes a figure of thousands as every page does ("100,000,000"), not in the language\'s own grouping', () => {
    // docs/decisions.md "Showing amounts": the values put into messages are grouped with commas in every language,
    // so a figure written into a text must be too ("at most 100.000.000" beside "from 0 to 1,000,000,000").
    const localGrouping = /(?<![\d.,])\d{1,3}(?:[.\u00a0\u202f ]\d{3})+(?!\d)/;
    const found: string[] = [];
    for (const [lang, namespaces] of all) {
      for (const [namespace, dictionary] of namespaces) {
        for (const [key, text] of flatten(dictionary)) {
          if (typeof text === 'string' && localGrouping.test(text)) {
            found.push(`${lang} ${namespace}:${key}: ${text}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('English has a text for every notification event', () => {
    const chat = flatten(english.get('chat') ?? {});
    for (const event of NOTIFICATION_EVENTS) {
      expect(chat.get(`notification.${event}`), `chat:notification.${event}`).toEqual(expect.any(String));
    }
  });

  it("names each review rating with one word in a language: the buyer's form, the product page, the seller centre", () => {
    for (const [lang, namespaces] of all) {
      // The product page's filters say "good reviews" where a language makes the adjective plural (Greek, Spanish,
      // Russian...), so the languages are held to one word for the middle rating, English to one for each.
      for (const rating of lang === 'en' ? ['good', 'medium', 'bad'] : ['medium']) {
        const names = new Set([
          flatten(namespaces.get('orders') ?? {}).get(`ratings.${rating}`),
          flatten(namespaces.get('catalog') ?? {}).get(`reviews.${rating}`),
          flatten(namespaces.get('seller') ?? {}).get(`reviews.rating.${rating}`),
        ]);
        expect(names.size, `${lang}: ${[...names].join(' / ')}`).toBe(1);
      }
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
        expect(keyShape(target, ns)).toEqual(keyShape(source, ns));
        for (const [key, text] of target) {
          const englishText = englishTextOf(source, key);
          expect(typeof text === 'string' && text.trim().length > 0, `${lang}/${ns}:${key} is empty`).toBe(
            true,
          );
          const expected = placeholders(String(englishText));
          const withoutCount = expected.filter((name) => name !== 'count');
          expect(placeholders(String(text)), `${lang}/${ns}:${key} placeholders`).toSatisfy(
            (found: string[]) =>
              found.join() === expected.join() ||
              (isOneNumberForm(lang, key) && found.join() === withoutCount.join()),
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

  describe('chat counts', () => {
    const chat = Object.fromEntries(LANGUAGES.map((lang) => [lang, all.get(lang)?.get('chat') ?? {}]));

    it.each(LANGUAGES)('%s has each counted key in exactly its plural categories', (lang) => {
      const categories = pluralRules(lang).resolvedOptions().pluralCategories;
      const englishPlurals = pluralForms(flatten(english.get('chat') ?? {}));
      const plurals = pluralForms(flatten(chat[lang] ?? {}));
      expect([...plurals.keys()].sort()).toEqual([...englishPlurals.keys()].sort());
      for (const [key, forms] of plurals) {
        expect(forms.sort(), `${lang}/chat:${key}`).toEqual([...categories].sort());
      }
    });

    it('every key the chat pages count has plural forms, or puts the number after a label ("Waiting: 3")', () => {
      const sources = import.meta.glob<string>(
        ['../features/chat/**/*.tsx', '!../features/chat/**/*.test.tsx'],
        {
          eager: true,
          query: '?raw',
          import: 'default',
        },
      );
      const counted = new Set(
        Object.values(sources).flatMap((source) =>
          [...source.matchAll(/\bt\(\s*'([\w.]+)',\s*\{[^}]*\bcount\b/g)].map((m) => m[1] ?? ''),
        ),
      );
      expect(counted).toContain('stats.minutes');
      for (const lang of LANGUAGES) {
        const flat = flatten(chat[lang] ?? {});
        const plurals = pluralForms(flat);
        for (const key of counted) {
          const text = flat.get(key);
          const isLabelled = typeof text === 'string' && /[:：]\s?\{\{count\}\}$/.test(text);
          expect(plurals.has(key) || isLabelled, `${lang}/chat:${key} counts without plural forms`).toBe(
            true,
          );
        }
      }
    });

    it.each(LANGUAGES)(
      '%s shows the form its plural rule picks, under the code i18next is given (cn, not zh-CN)',
      async (lang) => {
        const instance = i18next.createInstance();
        await instance.init({
          lng: lang,
          fallbackLng: 'en',
          ns: ['chat'],
          defaultNS: 'chat',
          resources: Object.fromEntries(LANGUAGES.map((code) => [code, { chat: chat[code] ?? {} }])),
          interpolation: { escapeValue: false },
        });
        const stats = flatten(chat[lang] ?? {});
        for (const count of [0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 100, 101, 1_000_000, 1.5]) {
          const form = stats.get(`stats.minutes_${pluralRules(lang).select(count)}`);
          expect(instance.t('stats.minutes', { count }), `${lang}, ${count}`).toBe(
            String(form).replace('{{count}}', String(count)),
          );
        }
      },
    );

    it('says "1 minute" in English and "4 دقائق" in Arabic', async () => {
      const instance = i18next.createInstance();
      await instance.init({
        lng: 'en',
        resources: { en: { chat: chat.en ?? {} }, ar: { chat: chat.ar ?? {} } },
        defaultNS: 'chat',
        interpolation: { escapeValue: false },
      });
      expect(instance.t('stats.minutes', { count: 1 })).toBe('1 minute');
      expect(instance.t('stats.seconds', { count: 30 })).toBe('30 seconds');
      expect(instance.t('stats.minutes', { count: 4, lng: 'ar' })).toBe('4 دقائق');
      expect(instance.t('stats.hours', { count: 2, lng: 'ar' })).toBe('ساعتان');
      expect(instance.t('stats.minutes', { count: 11, lng: 'ar' })).toBe('11 دقيقة');
    });
  });
});
