import { V } from '@caravan/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../http/app-error';
import { hashPassword } from './passwords';

/**
 * The ~49,000 most common passwords of the leaked-password corpora that zxcvbn-ts maintains
 * (@zxcvbn-ts/language-common), lower-cased. Loaded on first use.
 */
let common: ReadonlySet<string> | undefined;

export function isCommonPassword(plain: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(plain.toLowerCase());
}

/**
 * Hashes a new log-in password (register, change, staff accounts) after refusing a common one with a
 * localised field error (validation key `passwordTooCommon`) on `field`.
 */
export async function hashNewPassword(plain: string, field = 'password'): Promise<string> {
  if (isCommonPassword(plain)) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field, message: V.passwordTooCommon }] });
  }
  return hashPassword(plain);
}
