import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  languageFromTag,
  type TLanguage,
} from '@caravan/contracts/languages';

/**
 * A path and query in another language: the same path and parameters, `lang` set to `lang` (the server renders
 * that language directly), or dropped when `lang` is null.
 */
export function withLanguageParam(pathname: string, search: string, lang: TLanguage | null): string {
  const params = new URLSearchParams(search);
  params.delete('lang');
  if (lang) {
    params.set('lang', lang);
  }
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}

export const LANGUAGE_COOKIE = 'lang';
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Chinese is hidden from the development build's menu (SPEC §2); production lists every language. */
export function listMenuLanguages(isDev: boolean): TLanguage[] {
  return isDev ? LANGUAGES.filter((code) => code !== 'cn' && code !== 'tw') : [...LANGUAGES];
}

/**
 * The language a page starts in, in the server's order (apps/server/src/http/language.ts; a `?lang=` has been applied
 * by then): the `lang` cookie the server and the language switch set, then the choice stored in this browser, then
 * the language the server rendered the page in (its guess from Accept-Language), then the first navigator language
 * we support, else English. The cookie first: a console (rendered in the browser only) ignored a choice made in the
 * shop, and a server-rendered page in the cookie's language is hydrated, not rendered again.
 */
export function resolveLanguage(input: {
  cookie?: string | null;
  stored: string | null;
  rendered?: TLanguage;
  navigatorLanguages: readonly string[];
}): TLanguage {
  if (isLanguage(input.cookie)) {
    return input.cookie;
  }
  if (isLanguage(input.stored)) {
    return input.stored;
  }
  if (input.rendered) {
    return input.rendered;
  }
  for (const tag of input.navigatorLanguages) {
    const code = languageFromTag(tag);
    if (code) {
      return code;
    }
  }
  return DEFAULT_LANGUAGE;
}

/** The `lang` cookie's value in a `document.cookie` string, or null. */
export function readLanguageCookie(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.split('=');
    if (name?.trim() === LANGUAGE_COOKIE) {
      return value.join('=').trim();
    }
  }
  return null;
}

export type TLanguageSwitch = { lang: TLanguage; cleanUrl: string };

/**
 * A `?lang=xx` on any route asks to switch language: returns the chosen code and the same URL without the
 * parameter (the page reloads there). An unknown code is dropped from the URL without switching.
 */
export function readLanguageSwitch(href: string): TLanguageSwitch | { lang: null; cleanUrl: string } | null {
  const url = new URL(href);
  if (!url.searchParams.has('lang')) {
    return null;
  }
  const requested = url.searchParams.get('lang') ?? '';
  url.searchParams.delete('lang');
  const cleanUrl = `${url.pathname}${url.search}${url.hash}`;
  return { lang: isLanguage(requested) ? requested : null, cleanUrl };
}

export function buildLanguageCookie(lang: TLanguage): string {
  return `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/** The agent code arrives as `?code=` on any entry URL and is kept for registration. */
export function readAgentCode(href: string): string | null {
  const code = new URL(href).searchParams.get('code')?.trim();
  return code ? code.slice(0, 64) : null;
}
