import { V, withoutPhoneSeparators } from '@caravan/contracts';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isPossiblePhoneNumber } from 'libphonenumber-js/min';
import { translateValidation } from './form';
import { revealFirstError } from './reveal-error';

/**
 * The mobile check of the server (modules/verification-codes/phone.ts): the number must be possible for its area
 * code under libphonenumber's numbering plans, not only have 8-15 digits as the contract says. Imported only by
 * the forms that take a number (registration, addresses, mobile binding), so the numbering plans (the 'min'
 * metadata) stay out of the storefront's first load.
 */
export function isPossibleMobile(areaCode: string, phone: string): boolean {
  const code = areaCode.trim();
  return isPossiblePhoneNumber(`${code.startsWith('+') ? code : `+${code}`}${phone.trim()}`);
}

/**
 * Checks the number of a form before it is sent and puts the server's localised message (validation `mobile`)
 * beside `field` when the number is impossible. Returns false then. A missing area code or a number that is not
 * all digits is left to the contract's own rules (true here), so one mistake gets one message.
 */
export function checkMobileField(
  form: FormInstance,
  field: string,
  areaCode: unknown,
  phone: unknown,
  t: TFunction,
): boolean {
  const code = typeof areaCode === 'string' ? areaCode.trim() : '';
  // Read as the contract reads it: "0470 12 34 56" is the number 0470123456.
  const number = typeof phone === 'string' ? withoutPhoneSeparators(phone.trim()) : '';
  if (!/^\+?[1-9]\d{0,3}$/.test(code) || !/^\d+$/.test(number) || isPossibleMobile(code, number)) {
    return true;
  }
  form.setFields([{ name: field, errors: [translateValidation(t, V.mobileInvalid)] }]);
  revealFirstError(form);
  return false;
}
