import { createHash, randomBytes } from 'node:crypto';
import type { TCounterStore } from '../ops';

/**
 * The human check after failed log-ins (SPEC §8 "slider verification"): the web's slider asks for a
 * challenge and, when slid to the end, solves a proof of work: a nonce such that
 * SHA-256("<id>:<nonce>") starts with `difficulty` zero bits (about 2^difficulty hashes, a fraction
 * of a second in a browser). Each attempt after the threshold costs that much work, and a challenge is
 * good once, for a few minutes, on any server process (kept in the shared counters).
 */
export const CHALLENGE_DIFFICULTY = 15;
export const CHALLENGE_TTL_MS = 5 * 60_000;

export type TChallenge = { id: string; difficulty: number; expiresAt: string };
export type TChallengeAnswer = { id: string; nonce: string };

export async function issueChallenge(counters: TCounterStore): Promise<TChallenge> {
  const id = randomBytes(16).toString('hex');
  await counters.claim(`challenge:${id}`, CHALLENGE_TTL_MS);
  return {
    id,
    difficulty: CHALLENGE_DIFFICULTY,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS).toISOString(),
  };
}

export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export function isSolution(answer: TChallengeAnswer, difficulty: number): boolean {
  const digest = createHash('sha256').update(`${answer.id}:${answer.nonce}`).digest();
  return leadingZeroBits(digest) >= difficulty;
}

/** Checks and uses up an answer; false when wrong, expired, unknown or already used. */
export async function redeemChallenge(
  counters: TCounterStore,
  answer: TChallengeAnswer | undefined,
): Promise<boolean> {
  if (!answer || !/^[0-9a-f]{32}$/.test(answer.id) || !/^[0-9]{1,20}$/.test(answer.nonce)) {
    return false;
  }
  if (!isSolution(answer, CHALLENGE_DIFFICULTY)) {
    return false;
  }
  return counters.take(`challenge:${answer.id}`);
}

/** Finds a nonce (tests and other clients; the web solves it in the browser). */
export function solveChallenge(id: string, difficulty: number): string {
  for (let nonce = 0; ; nonce++) {
    if (isSolution({ id, nonce: String(nonce) }, difficulty)) {
      return String(nonce);
    }
  }
}
