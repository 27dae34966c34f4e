import type { TUserInfo } from '@caravan/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import loansEn from '../../../locales/en/loans.json';
import { STARTUP_LOAN } from '../../../testing/loan-products';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import CreditPage from './credit';

const BUYER = {
  id: '5',
  usercode: 'U5',
  username: 'buyer5',
  email: 'buyer5@caravan.example',
  areaCode: null,
  phone: null,
  displayName: 'buyer5',
  avatar: 1,
  invitationCode: 'ABC123',
  hasTxPassword: true,
  isSeller: false,
  lang: 'en',
  createdAt: '2026-11-01T10:00:00.000Z',
} satisfies TUserInfo;

describe('/credit', () => {
  setUpComponentTests({ loans: loansEn });

  it("shows a loan's limits and schedule with thousands grouped, as every amount on screen", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ products: [STARTUP_LOAN] })),
    );
    await renderWithQueries(<CreditPage />);
    await waitFor(() =>
      expect(screen.getAllByText('Amount from 100,000.00 to 30,000,000.00 USDT').length).toBeGreaterThan(0),
    );
    // The schedule's principal, worked out in the browser.
    await waitFor(() => expect(screen.getAllByText('100,000.00 USDT').length).toBeGreaterThan(0));
  });

  it("tells an amount outside the product's range its range, not the decimals it already meets", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ products: [STARTUP_LOAN] })),
    );
    await renderWithQueries(<CreditPage />);
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    fireEvent.change(amount, { target: { value: '12345' } });
    const errorText = () =>
      [...(amount.closest('.ant-form-item')?.querySelectorAll('.ant-form-item-explain-error') ?? [])]
        .map((error) => error.textContent)
        .join(' | ');
    await waitFor(() => expect(errorText()).toBe('Amount from 100,000.00 to 30,000,000.00 USDT'));
    fireEvent.change(amount, { target: { value: '100000.555' } });
    await waitFor(() => expect(errorText()).toBe(loansEn.credit.amountInvalid));
  });

  it('offers the loans as one radio group: one tab stop, the arrow keys move the choice', async () => {
    const credit = { ...STARTUP_LOAN, id: '2', code: 'credit', kind: 'credit', name: 'Credit loan' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ products: [STARTUP_LOAN, credit] })),
    );
    await renderWithQueries(<CreditPage />);
    const group = await screen.findByRole('radiogroup', { name: 'Loan products' });
    const radios = () => within(group).getAllByRole('radio');
    await waitFor(() => expect(radios()).toHaveLength(2));
    expect(radios().map((r) => [r.getAttribute('aria-checked'), r.tabIndex])).toEqual([
      ['true', 0],
      ['false', -1],
    ]);
    fireEvent.keyDown(radios()[0]!, { key: 'ArrowDown' });
    await waitFor(() => expect(radios()[1]!.getAttribute('aria-checked')).toBe('true'));
    expect(document.activeElement).toBe(radios()[1]);
    expect(radios().map((r) => r.tabIndex)).toEqual([-1, 0]);
    // Past the last it wraps to the first, as radio groups do.
    fireEvent.keyDown(radios()[1]!, { key: 'ArrowDown' });
    await waitFor(() => expect(radios()[0]!.getAttribute('aria-checked')).toBe('true'));
    expect(group.contains(document.activeElement)).toBe(true);
  });

  it('says at once that a buyer whose earlier loan went overdue cannot apply, instead of "Apply for this loan"', async () => {
    for (const hasOverdueHistory of [false, true]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) =>
          String(input).includes('/loans/mine')
            ? jsonResponse({
                current: null,
                history: [],
                historyTotal: 0,
                pageNum: 1,
                pageSize: 10,
                hasOverdueHistory,
              })
            : jsonResponse({ products: [STARTUP_LOAN] }),
        ),
      );
      setSession({ userInfo: BUYER });
      await renderWithQueries(<CreditPage />);
      await waitFor(() => expect(screen.getAllByText('100,000.00 USDT').length).toBeGreaterThan(0));
      await waitFor(() =>
        expect(screen.queryByText(loansEn.application.overdueHistory) !== null).toBe(hasOverdueHistory),
      );
      expect(screen.queryByRole('button', { name: loansEn.credit.apply }) !== null).toBe(!hasOverdueHistory);
      cleanup();
      clearSession();
    }
  });
});
