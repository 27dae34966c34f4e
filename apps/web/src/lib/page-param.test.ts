import { describe, expect, it } from 'vitest';
import { readPageParam } from './page-param';

describe('readPageParam', () => {
  it('reads page numbers defensively', () => {
    expect(readPageParam('3')).toBe(3);
    expect(readPageParam('0')).toBe(1);
    expect(readPageParam('-2')).toBe(1);
    expect(readPageParam('abc')).toBe(1);
    expect(readPageParam(null)).toBe(1);
    expect(readPageParam('9999999999999999999')).toBe(1);
  });
});
