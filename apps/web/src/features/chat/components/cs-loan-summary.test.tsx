import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import chatEn from '../../../locales/en/chat.json';
import { setUpComponentTests } from '../../../testing/render';
import { CsLoanSummary } from './cs-loan-summary';

/** The panel's text without the direction marks around amounts and dates. */
const plain = (element: HTMLElement) =>
  (element.textContent ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '');

const base = { offerOutcome: null, owed: null };

describe('CsLoanSummary', () => {
  setUpComponentTests({ chat: chatEn });

  it('shows the amount lent of a repaid loan, and nothing owed', () => {
    const { container } = render(
      <CsLoanSummary
        loan={{ ...base, status: 'repaid', amount: '120000.25', askedAmount: '120000.25', isApproved: true }}
      />,
    );
    expect(plain(container)).toContain('Repaid 120,000.25');
    expect(plain(container)).not.toContain('asked for');
    expect(screen.queryByText(/Owed now/)).toBeNull();
  });

  it('names an offer for less than asked, which waits for the borrower, by its own status', () => {
    const { container } = render(
      <CsLoanSummary
        loan={{
          ...base,
          status: 'approved',
          amount: '120000.00',
          askedAmount: '120000.00',
          isApproved: true,
        }}
      />,
    );
    expect(plain(container)).toContain(`${chatEn.loanStatus.approved} 120,000.00 USDT`);
    expect(screen.queryByText(/Owed now/)).toBeNull();
  });

  it('names a lapsed, declined or withdrawn offer by its outcome, not as a rejection, with the amount asked beside it', () => {
    for (const [outcome, label] of [
      ['lapsed', 'Offer lapsed'],
      ['declined', 'Offer declined by the borrower'],
      ['withdrawn', 'Offer withdrawn by staff'],
    ] as const) {
      const { container, unmount } = render(
        <CsLoanSummary
          loan={{
            ...base,
            status: 'failed',
            amount: '150000.00',
            askedAmount: '200000.00',
            isApproved: true,
            offerOutcome: outcome,
          }}
        />,
      );
      const text = plain(container);
      expect(text).toContain(`${label} 150,000.00 USDT (lower amount offered; 200,000.00 USDT asked for)`);
      expect(text).not.toContain(chatEn.loanStatus.failed);
      unmount();
    }
  });

  it('says an amount is only asked for before approval', () => {
    const { container } = render(
      <CsLoanSummary
        loan={{
          ...base,
          status: 'reviewing',
          amount: '150000.50',
          askedAmount: '150000.50',
          isApproved: false,
        }}
      />,
    );
    expect(plain(container)).toContain('In review 150,000.50 USDT (asked for, not lent yet)');
  });

  it('shows what an open loan owes now, its next instalment and how long it is overdue', () => {
    const { container } = render(
      <CsLoanSummary
        loan={{
          status: 'overdue',
          amount: '100000.00',
          askedAmount: '100000.00',
          offerOutcome: null,
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
    // The date stays on one line: its hyphens do not break (QA: "(2027-01-" and "05)" on two lines).
    expect(text).toContain('Next instalment: 81,101.50 USDT (2027\u201108\u201131)');
  });
});
