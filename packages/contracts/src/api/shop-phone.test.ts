import { describe, expect, it } from 'vitest';
import { isShopPhone, SHOP_PHONE_MAX_LENGTH, ZShopSettingsRequest } from './sellers';

describe("a shop's contact phone", () => {
  it('is taken as people write it, with spaces, dashes and brackets between the digits', () => {
    for (const phone of ['+49 151 1234 5678', '+49 (151) 1234-5678', '0151.1234.5678', '+4915112345678']) {
      expect(isShopPhone(phone), phone).toBe(true);
    }
    expect(ZShopSettingsRequest.shape.contactPhone.parse(' +49 151 1234 5678 ')).toBe('+4915112345678');
    // The longest the form lets through still fits 15 written digits.
    expect('+49 (151) 1234-5678-999'.length).toBeLessThanOrEqual(SHOP_PHONE_MAX_LENGTH);
    expect(isShopPhone('+49 (151) 1234-5678-999')).toBe(false);
  });

  it('needs 8 to 15 digits and nothing else', () => {
    for (const phone of ['1234567', '1234567890123456', '+49 151 abc 5678', '++4915112345678']) {
      expect(isShopPhone(phone), phone).toBe(false);
    }
    expect(ZShopSettingsRequest.shape.contactPhone.safeParse('1234567').success).toBe(false);
    expect(ZShopSettingsRequest.shape.contactPhone.parse('')).toBe('');
    expect(ZShopSettingsRequest.shape.contactPhone.safeParse(`1${' '.repeat(40)}2345678`).success).toBe(
      false,
    );
  });
});
