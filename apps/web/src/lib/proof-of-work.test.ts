import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, sha256Words, solveProofOfWork } from './proof-of-work';

function hex(words: Uint32Array): string {
  return [...words].map((w) => w.toString(16).padStart(8, '0')).join('');
}

describe('proof of work of the log-in human check', () => {
  it('hashes exactly like SHA-256', () => {
    for (const text of [
      '',
      'abc',
      'a'.repeat(55),
      'b'.repeat(56),
      'c'.repeat(64),
      `${'d'.repeat(32)}:123456`,
    ]) {
      expect(hex(sha256Words(text))).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });

  it('finds a nonce the server accepts', async () => {
    const id = '0123456789abcdef0123456789abcdef';
    const nonce = await solveProofOfWork(id, 12);
    const digest = createHash('sha256').update(`${id}:${nonce}`).digest();
    expect(leadingZeroBits(sha256Words(`${id}:${nonce}`))).toBeGreaterThanOrEqual(12);
    expect(digest[0]).toBe(0);
    expect(digest[1]! >> 4).toBe(0);
  });
});
