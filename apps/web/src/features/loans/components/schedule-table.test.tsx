import type { TScheduleLine } from '@caravan/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import loans from '../../../locales/en/loans.json';
import { setUpComponentTests } from '../../../testing/render';
import { ScheduleTable } from './schedule-table';

const line = (dueDate: string | null): TScheduleLine => ({
  number: 1,
  dueDay: 30,
  dueDate,
  principal: '100000',
  interest: '1500',
  total: '101500',
  balanceAfter: '0',
  state: 'upcoming',
});

describe('ScheduleTable', () => {
  setUpComponentTests({ loans });

  it('heads a schedule not paid out yet with the days after payout, not a date it does not have', () => {
    render(<ScheduleTable lines={[line(null)]} />);
    expect(screen.getByRole('columnheader', { name: 'Due after' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Due date' })).toBeNull();
    expect(screen.getByRole('cell', { name: '30 days' })).toBeTruthy();
  });

  it('heads a paid-out schedule with its due dates', () => {
    render(<ScheduleTable lines={[line('2026-12-29')]} />);
    expect(screen.getByRole('columnheader', { name: 'Due date' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '2026-12-29' })).toBeTruthy();
  });
});
