import { LANGUAGES } from '@caravan/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildLanguageCookie,
  listMenuLanguages,
  readAgentCode,
  readLanguageCookie,
  readLanguageSwitch,
  resolveLanguage,
  withLanguageParam,
} from './language';

describe('resolveLanguage', () => {
  it('prefers the stored choice', () => {
    expect(resolveLanguage({ stored: 'ar', navigatorLanguages: ['de-DE'] })).toBe('ar');
  });
  it('ignores an unknown stored value and uses the first supported navigator language', () => {
    expect(resolveLanguage({ stored: 'xx', navigatorLanguages: ['sw-KE', 'zh-TW', 'de'] })).toBe('tw');
    expect(resolveLanguage({ stored: null, navigatorLanguages: ['fil-PH'] })).toBe('ph');
    expect(resolveLanguage({ stored: null, navigatorLanguages: ['pt-BR'] })).toBe('pt');
  });
  it('takes the lang cookie first, as the server does: a console in German for a shop choice made there (QA consoles 9)', () => {
    expect(resolveLanguage({ cookie: 'de', stored: null, navigatorLanguages: ['en-US'] })).toBe('de');
    expect(resolveLanguage({ cookie: 'de', stored: 'ar', navigatorLanguages: ['en-US'] })).toBe('de');
    // An unknown cookie value is ignored like an unknown stored one.
    expect(resolveLanguage({ cookie: 'xx', stored: null, navigatorLanguages: ['ja-JP'] })).toBe('ja');
  });
  it("keeps a server-rendered page's language, so it hydrates: the cookie's, else the stored choice, else the server's", () => {
    // The server rendered German from the cookie: the same language in the browser, whatever else is stored.
    expect(resolveLanguage({ cookie: 'de', stored: 'fr', rendered: 'de', navigatorLanguages: ['en'] })).toBe(
      'de',
    );
    // No cookie: the server guessed from Accept-Language; a stored choice still wins, the navigator does not.
    expect(resolveLanguage({ stored: null, rendered: 'ko', navigatorLanguages: ['en'] })).toBe('ko');
    expect(resolveLanguage({ stored: 'fr', rendered: 'ko', navigatorLanguages: ['en'] })).toBe('fr');
  });
  it('falls back to English', () => {
    expect(resolveLanguage({ stored: null, navigatorLanguages: ['sw', 'nl-NL'] })).toBe('en');
    expect(resolveLanguage({ stored: null, navigatorLanguages: [] })).toBe('en');
  });
});

describe('readLanguageSwitch', () => {
  it('returns nothing when the URL has no lang parameter', () => {
    expect(readLanguageSwitch('https://shop.test/index?x=1')).toBeNull();
  });
  it('reads the code and removes only the lang parameter', () => {
    expect(readLanguageSwitch('https://shop.test/productDetails?id=7&lang=ja&code=AG1#reviews')).toEqual({
      lang: 'ja',
      cleanUrl: '/productDetails?id=7&code=AG1#reviews',
    });
    expect(readLanguageSwitch('https://shop.test/index?lang=ar')).toEqual({ lang: 'ar', cleanUrl: '/index' });
  });
  it('drops an unsupported code without switching', () => {
    expect(readLanguageSwitch('https://shop.test/index?lang=klingon&k=1')).toEqual({
      lang: null,
      cleanUrl: '/index?k=1',
    });
  });
});

describe('language helpers', () => {
  it('hides Simplified and Traditional Chinese only in the development build', () => {
    expect(listMenuLanguages(true)).not.toContain('cn');
    expect(listMenuLanguages(true)).not.toContain('tw');
    expect(listMenuLanguages(true)).toHaveLength(LANGUAGES.length - 2);
    expect(listMenuLanguages(false)).toEqual([...LANGUAGES]);
  });
  it('reads the lang cookie from document.cookie', () => {
    expect(readLanguageCookie('sid=1; lang=de; theme=x')).toBe('de');
    expect(readLanguageCookie('lang=ar')).toBe('ar');
    expect(readLanguageCookie('slang=fr; other=lang')).toBeNull();
    expect(readLanguageCookie('')).toBeNull();
  });
  it('builds the lang cookie the server reads', () => {
    expect(buildLanguageCookie('fr')).toMatch(/^lang=fr; path=\/; max-age=\d+; SameSite=Lax$/);
  });
  it('reads the agent code from any entry URL', () => {
    expect(readAgentCode('https://shop.test/register?code=AG42')).toBe('AG42');
    expect(readAgentCode('https://shop.test/index?code=')).toBeNull();
    expect(readAgentCode('https://shop.test/index')).toBeNull();
  });
});

describe('withLanguageParam', () => {
  it('keeps the path and the other parameters and sets exactly one lang', () => {
    expect(withLanguageParam('/commodity', '?cid=3&lang=de&page=2', 'ar')).toBe(
      '/commodity?cid=3&page=2&lang=ar',
    );
    expect(withLanguageParam('/index', '', 'ja')).toBe('/index?lang=ja');
  });

  it('drops lang when given none, and the question mark with it when nothing is left', () => {
    expect(withLanguageParam('/store', '?id=7&lang=ar', null)).toBe('/store?id=7');
    expect(withLanguageParam('/index', '?lang=ar', null)).toBe('/index');
  });
});
