import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLanguageCookie } from './language';
import { handleEntryUrl } from './language-switch';
import { readStorage, STORAGE_KEYS } from './storage';

describe('handleEntryUrl', () => {
  let replace: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
  });

  afterEach(() => {
    replace.mockRestore();
    // biome-ignore lint/suspicious/noDocumentCookie: the test's own cookie, removed so the next file starts without it.
    document.cookie = 'lang=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    window.history.replaceState(null, '', '/');
  });

  it('starts a page rendered in the browser in the asked language, without loading it again', async () => {
    window.history.replaceState(null, '', '/userInfo/dashboard?lang=ar&tab=2');
    expect(await handleEntryUrl(undefined)).toBe(true);
    // The choice is stored where the start reads it (cookie first), and the address is clean.
    expect(readLanguageCookie(document.cookie)).toBe('ar');
    expect(readStorage(STORAGE_KEYS.language)).toBe('ar');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/userInfo/dashboard?tab=2');
    expect(replace).not.toHaveBeenCalled();
  });

  it('keeps a server-rendered page in the asked language as it is', async () => {
    window.history.replaceState(null, '', '/productDetails?id=7&lang=ar');
    expect(await handleEntryUrl('ar')).toBe(true);
    expect(readLanguageCookie(document.cookie)).toBe('ar');
    expect(window.location.search).toBe('?id=7');
    expect(replace).not.toHaveBeenCalled();
  });

  it('loads a server-rendered page in another language again, in the asked one', async () => {
    window.history.replaceState(null, '', '/productDetails?id=7&lang=de');
    expect(await handleEntryUrl('en')).toBe(false);
    expect(readLanguageCookie(document.cookie)).toBe('de');
    expect(replace).toHaveBeenCalledWith('/productDetails?id=7');
  });

  it('drops an unknown language from the address and keeps the current one', async () => {
    window.history.replaceState(null, '', '/index?lang=klingon');
    expect(await handleEntryUrl(undefined)).toBe(true);
    expect(readLanguageCookie(document.cookie)).toBeNull();
    expect(window.location.search).toBe('');
    expect(replace).not.toHaveBeenCalled();
  });
});
