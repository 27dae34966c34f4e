import type { TScheduleLine } from '@caravan/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import common from '../../../locales/en/common.json';
import loans from '../../../locales/en/loans.json';
import { setUpComponentTests } from '../../../testing/render';
import { SCHEDULE_PAGE_SIZE, ScheduleTable } from './schedule-table';

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
  setUpComponentTests({ loans, common });

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

  const lines = (count: number): TScheduleLine[] =>
    Array.from({ length: count }, (_, index) => ({
      ...line(null),
      number: index + 1,
      dueDay: 30 * (index + 1),
      principal: index === count - 1 ? '2000000' : '0',
    }));

  it('shows every line of a year of 30-day cycles, the balloon repayment included, without a pager', () => {
    render(<ScheduleTable lines={lines(13)} />);
    expect(screen.getAllByRole('row')).toHaveLength(14);
    expect(screen.getByText('2,000,000.00 USDT')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('pages a long schedule with the pager outside the region that scrolls sideways', () => {
    const count = SCHEDULE_PAGE_SIZE + 4;
    render(<ScheduleTable lines={lines(count)} />);
    const region = screen.getByRole('region', { name: loans.credit.schedule });
    expect(within(region).getAllByRole('row')).toHaveLength(SCHEDULE_PAGE_SIZE + 1);
    expect(screen.queryByText('2,000,000.00 USDT')).toBeNull();
    const next = screen.getByRole('button', { name: common.pager.next });
    // On a phone the region is narrower than the table: a pager inside it was scrolled out of sight.
    expect(region.contains(next)).toBe(false);
    fireEvent.click(next);
    expect(within(region).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByText('2,000,000.00 USDT')).toBeTruthy();
  });

  it("opens a live loan's long schedule on the page of its first line not yet paid", () => {
    const count = SCHEDULE_PAGE_SIZE + 4;
    const live = lines(count).map((l) => ({
      ...l,
      state: l.number <= SCHEDULE_PAGE_SIZE ? ('paid' as const) : ('due' as const),
    }));
    render(<ScheduleTable lines={live} hasStates />);
    const region = screen.getByRole('region', { name: loans.credit.schedule });
    expect(within(region).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByText('2,000,000.00 USDT')).toBeTruthy();
  });
});
