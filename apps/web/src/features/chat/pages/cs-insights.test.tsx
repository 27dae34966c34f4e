import type { TCsStats } from '@caravan/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import chat from '../../../locales/en/chat.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import CsInsightsPage from './cs-insights';

const STATS: TCsStats = {
  days: 7,
  periods: 3,
  answered: 3,
  closed: 2,
  waitingNow: 0,
  firstResponseAvgSeconds: 1,
  firstResponseP90Seconds: 90,
  resolutionAvgSeconds: 300,
  byDay: [],
};

describe('/cs/insights', () => {
  setUpComponentTests({ chat });
  failOnAntdWarnings();

  it('says a time in the singular when it is one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(STATS)),
    );
    await renderWithQueries(<CsInsightsPage />);
    expect(await screen.findByText('1 second')).toBeTruthy();
    expect(screen.getByText('90 seconds')).toBeTruthy();
    expect(screen.getByText('5 minutes')).toBeTruthy();
    expect(screen.queryByText('1 seconds')).toBeNull();
  });
});
