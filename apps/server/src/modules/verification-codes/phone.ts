import { V } from '@caravan/contracts';
import { isPossiblePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { AppError } from '../../http/app-error';

export type TMobile = { areaCode: string; phone: string };

function withPlus(areaCode: string): string {
  const code = areaCode.trim();
  return code.startsWith('+') ? code : `+${code}`;
}

/**
 * The one spelling a mobile number is stored, compared, counted and texted in: the calling code and the national
 * number without its trunk prefix ("+44" "07911123456" is "+44" "7911123456"), as libphonenumber reads it under the
 * area code's numbering plan. Where the plan keeps a leading 0 (Italy, Côte d'Ivoire) it stays. A number the plans
 * cannot read is given back as typed, for the caller's own check to refuse or, in a lookup, to find nothing.
 */
export function canonicalMobile(areaCode: string, phone: string): TMobile {
  const typed = { areaCode: withPlus(areaCode), phone: phone.trim() };
  const parsed = parsePhoneNumberFromString(`${typed.areaCode}${typed.phone}`);
  if (!parsed || `+${parsed.countryCallingCode}` !== typed.areaCode) {
    return typed;
  }
  return { areaCode: typed.areaCode, phone: parsed.nationalNumber };
}

/**
 * Checks a mobile number against the maintained numbering plans (libphonenumber), beyond the digit count of
 * the request schema, and returns it in its one spelling (canonicalMobile): registration, binding and delivery
 * addresses all take numbers through it. `field` is the request field the message is shown beside; the message
 * says the number does not exist for the area code, not that it is too short (it may have 11 digits).
 */
export function assertPossibleMobile(areaCode: string, phone: string, field = 'phone'): TMobile {
  if (!isPossiblePhoneNumber(`${withPlus(areaCode)}${phone.trim()}`)) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field, message: V.mobileInvalid }] });
  }
  return canonicalMobile(areaCode, phone);
}
