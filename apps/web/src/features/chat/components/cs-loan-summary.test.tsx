import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import chatEn from '../../../locales/en/chat.json';
import { setUpComponentTests } from '../../../testing/render';
import { CsLoanSummary } from './cs-loan-summary';

/** The panel's text without the direction marks around amounts and dates. */
const plain = (element: HTMLElement) =>
  (element.textContent ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '');

describe('CsLoanSummary', () => {
  setUpComponentTests({ chat: chatEn });

  it('shows the amount lent of a repaid loan, and nothing owed', () => {
    const { container } = render(
      <CsLoanSummary loan={{ status: 'repaid', amount: '120000.25', isApproved: true, owed: null }} />,
    );
    expect(plain(container)).toContain('Repaid 120,000.25');
    expect(plain(container)).not.toContain('asked for');
    expect(screen.queryByText(/Owed now/)).toBeNull();
  });

  it('names an offer for less than asked, which waits for the borrower, by its own status', () => {
    const { container } = render(
      <CsLoanSummary loan={{ status: 'approved', amount: '120000.00', isApproved: true, owed: null }} />,
    );
    expect(plain(container)).toContain(`${chatEn.loanStatus.approved} 120,000.00 USDT`);
    expect(screen.queryByText(/Owed now/)).toBeNull();
  });

  it('says an amount is only asked for before approval', () => {
    const { container } = render(
      <CsLoanSummary loan={{ status: 'reviewing', amount: '150000.50', isApproved: false, owed: null }} />,
    );
    expect(plain(container)).toContain('In review 150,000.50 USDT (asked for, not lent yet)');
  });

  it('shows what an open loan owes now, its next instalment and how long it is overdue', () => {
    const { container } = render(
      <CsLoanSummary
        loan={{
          status: 'overdue',
          amount: '100000.00',
          isApproved: true,
          owed: {
            total: '81101.50',
            nextDue: '81101.50',
            nextDueDate: '2027-08-31',
            isOverdue: true,
            overdueDays: 2,
          },
        }}
      />,
    );
    const text = plain(container);
    expect(text).toContain('Owed now: 81,101.50');
    expect(text).toContain('Overdue, days: 2');
    expect(text).toContain('Next instalment: 81,101.50 USDT (2027-08-31)');
  });
});
