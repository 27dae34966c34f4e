import { describe, expect, it } from 'vitest';
import { isStorefrontPath } from './constants';

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
