import { describe, expect, it } from 'vitest';
import { campaignState } from './coupon-campaigns';

const NOW = Date.parse('2026-12-07T01:00:00.000Z');
const running = {
  status: 'active' as const,
  validFrom: '2026-12-01T00:00:00.000Z',
  validUntil: '2026-12-31T00:00:00.000Z',
};

describe('campaignState', () => {
  it('tells a running campaign before its start and after its end from one running now (QA: all read "Active")', () => {
    expect(campaignState(running, NOW)).toBe('active');
    expect(campaignState({ ...running, validFrom: '2027-01-01T00:00:00.000Z' }, NOW)).toBe('scheduled');
    expect(campaignState({ ...running, validUntil: '2026-12-07T00:53:00.000Z' }, NOW)).toBe('ended');
    expect(campaignState({ ...running, validUntil: '2026-12-07T01:00:00.000Z' }, NOW)).toBe('ended');
  });

  it('says a stopped campaign is stopped, whatever its dates', () => {
    expect(campaignState({ ...running, status: 'stopped' }, NOW)).toBe('stopped');
    expect(campaignState({ ...running, status: 'stopped', validFrom: '2027-01-01T00:00:00.000Z' }, NOW)).toBe(
      'stopped',
    );
  });
});
