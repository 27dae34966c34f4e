import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import walletEn from '../../../locales/en/wallet.json';
import { layOutAt } from '../../../testing/layout';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { BalanceHistory } from './balance-history';

const HISTORY = {
  pageList: [
    {
      id: '31',
      transactionId: '30',
      kind: 'order_refund',
      account: 'user_available',
      amount: '130.72',
      balanceAfter: '4846.54',
      referenceType: 'order',
      referenceId: '12',
      createdAt: '2026-12-02T12:10:00.000Z',
    },
    {
      id: '29',
      transactionId: '28',
      kind: 'order_payment',
      account: 'user_available',
      amount: '-130.72',
      balanceAfter: '4715.82',
      referenceType: 'order',
      referenceId: '12',
      createdAt: '2026-12-02T12:00:00.000Z',
    },
  ],
  pageNum: 1,
  pageSize: 20,
  total: 2,
};

describe('the balance history', () => {
  setUpComponentTests({ wallet: walletEn });
  afterEach(() => vi.restoreAllMocks());

  it('stacks each change on a phone with its amount and the balance after it in view, no sideways table', async () => {
    layOutAt(308);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(HISTORY)),
    );
    await renderWithQueries(<BalanceHistory pageNum={1} onPageChange={vi.fn()} />);
    const list = await screen.findByRole('list', { name: walletEn.records.history });
    // The table put the change and the balance after it off-screen, behind a scroll nothing pointed to.
    expect(screen.queryByRole('table')).toBeNull();
    const [refund, payment] = within(list).getAllByRole('listitem');
    const figures = (entry: HTMLElement) =>
      Object.fromEntries(
        [...entry.querySelectorAll('dt')].map((term) => [
          term.textContent,
          term.nextElementSibling?.textContent,
        ]),
      );
    expect(refund!.textContent).toContain(walletEn.ledgerKind.order_refund);
    expect(figures(refund!)).toEqual({
      [walletEn.records.change]: '+130.72 USDT',
      [walletEn.records.balanceAfter]: '4,846.54 USDT',
    });
    expect(figures(payment!)).toEqual({
      [walletEn.records.change]: '-130.72 USDT',
      [walletEn.records.balanceAfter]: '4,715.82 USDT',
    });
  });

  it('keeps the table where its four columns fit', async () => {
    layOutAt(800);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(HISTORY)),
    );
    await renderWithQueries(<BalanceHistory pageNum={1} onPageChange={vi.fn()} />);
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('list', { name: walletEn.records.history })).toBeNull();
  });

  it('names what moved the balance, signs each change and gives the balance after it', async () => {
    layOutAt(800);
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => jsonResponse(HISTORY));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<BalanceHistory pageNum={1} onPageChange={vi.fn()} />);
    const region = await screen.findByRole('region', { name: walletEn.records.history });
    const refund = (await within(region).findByText(walletEn.ledgerKind.order_refund)).closest('tr')!;
    expect(refund.textContent).toContain('+130.72 USDT');
    expect(refund.textContent).toContain('4,846.54 USDT');
    const payment = within(region).getByText(walletEn.ledgerKind.order_payment).closest('tr')!;
    expect(payment.textContent).toContain('-130.72 USDT');
    expect(payment.textContent).not.toContain('+');
    // The available balance only: a withdrawal's hold shows once, as money leaving it.
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('account=user_available');
  });

  it('says so when nothing has moved yet, with the way to a first recharge', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ pageList: [], pageNum: 1, pageSize: 20, total: 0 })),
    );
    await renderWithQueries(<BalanceHistory pageNum={1} onPageChange={vi.fn()} />);
    expect(await screen.findByText(walletEn.records.emptyHistory)).toBeTruthy();
    expect(screen.getByRole('link', { name: walletEn.balance.recharge })).toBeTruthy();
  });
});
