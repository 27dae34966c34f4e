import { describe, expect, it } from 'vitest';
import { isStorefrontPath, storefrontSpelling } from './constants';

describe('isStorefrontPath', () => {
  it('names the server-rendered storefront pages, with one segment after a keyword or help path', () => {
    for (const path of [
      '/index',
      '/commodity',
      '/productDetails',
      '/privacy-policy',
      '/searchResult/phone',
      '/help/news',
    ]) {
      expect(isStorefrontPath(path), path).toBe(true);
    }
  });

  it('leaves out the log-in, checkout, the user centre, the consoles and near misses', () => {
    for (const path of [
      '/',
      '/login',
      '/settlement',
      '/userInfo/money-package',
      '/admin/login',
      '/seller/index',
      '/searchResult',
      '/searchResult/',
      '/searchResult/a/b',
      '/help',
      '/index/',
      '/commodityx',
    ]) {
      expect(isStorefrontPath(path), path).toBe(false);
    }
  });
});

describe('storefrontSpelling', () => {
  it("spells a storefront page's other spellings as isStorefrontPath takes them, and nothing else", () => {
    for (const [path, page] of [
      ['/ProductDetails', '/productDetails'],
      ['/store/', '/store'],
      ['/INDEX//', '/index'],
      ['/searchresult/Wool/', '/searchResult/Wool'],
      ['/Help/news', '/help/news'],
      ['/productDetails', '/productDetails'],
    ] as const) {
      expect(storefrontSpelling(path), path).toBe(page);
      expect(isStorefrontPath(page), page).toBe(true);
    }
    for (const path of [
      '/',
      '/login',
      '/userInfo/dashboard',
      '/searchResult/',
      '/searchresult/a/b',
      '/help',
    ]) {
      expect(storefrontSpelling(path), path).toBeNull();
    }
  });
});
