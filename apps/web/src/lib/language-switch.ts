import type { TLanguage } from '@caravan/contracts/languages';
import { api } from './api';
import { buildLanguageCookie, readAgentCode, readLanguageSwitch } from './language';
import { isLoggedIn } from './session';
import { STORAGE_KEYS, writeStorage } from './storage';

/** Stores the choice everywhere it is read: this browser, the server's cookie and the account. */
export async function storeLanguageChoice(lang: TLanguage): Promise<void> {
  writeStorage(STORAGE_KEYS.language, lang);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support; the value is one of the fixed language codes.
  document.cookie = buildLanguageCookie(lang);
  if (isLoggedIn()) {
    try {
      await api.put('/account/language', { lang }, { query: { lang } });
    } catch {
      // The local choice already applies; the account keeps its old default until the next switch.
    }
  }
}

/** SPEC §2: a language change stores the choice, drops the lang parameter and reloads the page. */
export async function switchLanguage(lang: TLanguage, cleanUrl?: string): Promise<void> {
  await storeLanguageChoice(lang);
  const url = new URL(window.location.href);
  url.searchParams.delete('lang');
  window.location.replace(cleanUrl ?? `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Handles the entry URL before the app renders: keeps `?code=` as the agent code and applies `?lang=`.
 * `renderedLang` is the language of a server-rendered page, undefined for a page rendered in the browser.
 * Returns false when the page is about to reload (nothing should render).
 */
export async function handleEntryUrl(renderedLang?: TLanguage): Promise<boolean> {
  const href = window.location.href;
  const agentCode = readAgentCode(href);
  if (agentCode) {
    writeStorage(STORAGE_KEYS.agentCode, agentCode);
  }
  const requested = readLanguageSwitch(href);
  if (!requested) {
    return true;
  }
  if (requested.lang === null) {
    window.history.replaceState(window.history.state, '', requested.cleanUrl);
    return true;
  }
  if (renderedLang === undefined || requested.lang === renderedLang) {
    // Nothing on screen is in another language: a page rendered in the browser has shown nothing yet and starts in
    // the stored choice, and the server already rendered this one in the asked language (a search engine's hreflang
    // link). Keep the choice and tidy the address without loading the page again (a link into an account page
    // with ?lang= loaded it twice).
    await storeLanguageChoice(requested.lang);
    window.history.replaceState(window.history.state, '', requested.cleanUrl);
    return true;
  }
  await switchLanguage(requested.lang, requested.cleanUrl);
  return false;
}
