import { randomInt } from 'node:crypto';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Public 8-digit user code (SPEC §3 usercode). */
export function newUsercode(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

/** Invitation code others type when registering: 6 unambiguous letters and digits. */
export function newInvitationCode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) {
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  }
  return code;
}
