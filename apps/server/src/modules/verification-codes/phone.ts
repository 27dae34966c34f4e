import { V } from '@caravan/contracts';
import { isPossiblePhoneNumber } from 'libphonenumber-js/min';
import { AppError } from '../../http/app-error';

/**
 * Checks a mobile number against the maintained numbering plans (libphonenumber), beyond the digit count of
 * the request schema: registration, binding and delivery addresses all take numbers through it. `field` is
 * the request field the message is shown beside.
 */
export function assertPossibleMobile(areaCode: string, phone: string, field = 'phone'): void {
  if (!isPossiblePhoneNumber(`${areaCode}${phone}`)) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field, message: V.mobile }] });
  }
}
