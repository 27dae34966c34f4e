import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes). */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

let standIn: Promise<string> | undefined;

/**
 * A hash of a random password, compared when a log-in names no account, so that answer takes as long
 * as a wrong password's (same parameters, so the same argon2 work).
 */
export function standInHash(): Promise<string> {
  standIn ??= hashPassword(randomBytes(16).toString('hex'));
  return standIn;
}

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
