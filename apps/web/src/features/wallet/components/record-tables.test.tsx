import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import walletEn from '../../../locales/en/wallet.json';
import { layOutAt } from '../../../testing/layout';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { RechargeTable, WithdrawalTable } from './record-tables';

const FAILED_WITHDRAWAL = {
  id: '7',
  createdAt: '2026-12-01T10:00:00.000Z',
  network: 'USDT-TRC20',
  address: 'TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust',
  amount: '1250',
  fee: '1',
  actualAmount: '1249',
  status: 'fail',
  reason: 'Address under review',
  reviewedAt: '2026-12-01T12:00:00.000Z',
};

const WITHDRAWALS = {
  pageList: [
    {
      ...FAILED_WITHDRAWAL,
      id: '8',
      createdAt: '2026-12-02T10:00:00.000Z',
      status: 'success',
      reason: null,
      reviewedAt: '2026-12-02T12:00:00.000Z',
    },
    FAILED_WITHDRAWAL,
  ],
  pageNum: 1,
  pageSize: 20,
  total: 2,
};

const FAILED_RECHARGE = {
  id: '4',
  channelCode: 'ETH',
  kind: 'blockchain',
  currency: 'ETH',
  network: 'ERC20',
  depositAddress: null,
  amount: '1',
  fee: '0.01',
  rateToUsdt: '3000',
  actualAmount: '2970',
  txHash: 'a'.repeat(64),
  certificateUrl: null,
  bankName: null,
  cardNumber: null,
  status: 'fail',
  reason: 'Not received',
  expectedArrivalAt: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  reviewedAt: '2026-12-01T12:00:00.000Z',
};

/** The named figures of a stacked record: name -> shown value. */
function figuresOf(record: HTMLElement): Record<string, string | null | undefined> {
  return Object.fromEntries(
    [...record.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]),
  );
}

describe('wallet records', () => {
  setUpComponentTests({ wallet: walletEn });
  afterEach(() => vi.restoreAllMocks());

  it('stack on a phone with the amounts and the status first, no sideways scrolling', async () => {
    layOutAt(328);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(WITHDRAWALS)),
    );
    await renderWithQueries(<WithdrawalTable pageNum={1} onPageChange={vi.fn()} />);
    const list = await screen.findByRole('list', { name: walletEn.records.withdrawals });
    expect(screen.queryByRole('table')).toBeNull();
    const [sent, record] = within(list).getAllByRole('listitem');
    expect(figuresOf(sent!)).toMatchObject({
      [walletEn.records.amount]: expect.stringContaining('1,250.00'),
      [walletEn.records.fee]: expect.stringContaining('1.00'),
      [walletEn.records.actualAmount]: expect.stringContaining('1,249.00'),
      [walletEn.records.network]: expect.stringContaining('TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust'),
    });
    expect(record!.textContent).toContain(walletEn.status.fail);
    expect(record!.textContent).toContain('Address under review');
    // Seen: the address's start and end (an end cut off hid what people compare); heard and hovered: all of it.
    const address = within(record!).getByTitle('TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust');
    expect(address.querySelector('[aria-hidden="true"]')?.textContent).toBe('TTumca9c…vSmust');
  });

  it('show for a failed withdrawal the whole amount returned, no fee or actual amount that never happened', async () => {
    layOutAt(328);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(WITHDRAWALS)),
    );
    await renderWithQueries(<WithdrawalTable pageNum={1} onPageChange={vi.fn()} />);
    const list = await screen.findByRole('list', { name: walletEn.records.withdrawals });
    const failed = within(list).getAllByRole('listitem')[1]!;
    const figures = figuresOf(failed);
    expect(figures).toMatchObject({
      [walletEn.records.amount]: '1,250.00 USDT',
      [walletEn.records.returned]: '1,250.00 USDT',
    });
    expect(figures).not.toHaveProperty([walletEn.records.fee]);
    expect(figures).not.toHaveProperty([walletEn.records.actualAmount]);
    expect(failed.textContent).not.toContain('1,249.00');
  });

  it('give a long rejection reason the card\'s width, the "failed" tag alone beside the date', async () => {
    layOutAt(328);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(WITHDRAWALS)),
    );
    await renderWithQueries(<WithdrawalTable pageNum={1} onPageChange={vi.fn()} />);
    const list = await screen.findByRole('list', { name: walletEn.records.withdrawals });
    const failed = within(list).getAllByRole('listitem')[1]!;
    const head = failed.querySelector('.cv-wallet-record__head')!;
    expect(head.textContent).toContain(walletEn.status.fail);
    // The reason sat under the tag inside the head, a narrow column that stretched the tag to its width.
    expect(head.textContent).not.toContain('Address under review');
    const reason = within(failed).getByText(/Address under review/);
    expect(reason.parentElement).toBe(failed);
  });

  it('show nothing credited for a failed deposit, in the table and stacked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ pageList: [FAILED_RECHARGE], pageNum: 1, pageSize: 8, total: 1 })),
    );
    const resize = layOutAt(328);
    await renderWithQueries(<RechargeTable pageNum={1} onPageChange={vi.fn()} />);
    const list = await screen.findByRole('list', { name: walletEn.records.recharges });
    expect(figuresOf(within(list).getByRole('listitem'))).toEqual({
      [walletEn.records.amount]: '1.00 ETH',
      [walletEn.records.method]: 'ETH · ERC20',
      [walletEn.records.reviewedAt]: expect.any(String),
    });
    resize(900);
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('1.00 ETH');
    expect(row.textContent).not.toContain('0.01');
    expect(row.textContent).not.toContain('2,970.00');
  });

  it('are a table beside the menu on a laptop, scrolling if its columns need more room', async () => {
    layOutAt(800);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(WITHDRAWALS)),
    );
    await renderWithQueries(<WithdrawalTable pageNum={1} onPageChange={vi.fn()} />);
    const table = await screen.findByRole('table');
    expect(screen.queryByRole('list', { name: walletEn.records.withdrawals })).toBeNull();
    const [, sent, failed] = within(table).getAllByRole('row');
    expect(sent!.textContent).toContain('1,249.00 USDT');
    // The failed one: its fee and actual amount never happened; all of it went back to the balance.
    expect(failed!.textContent).not.toContain('1,249.00');
    expect(failed!.textContent).not.toContain('1.00 USDT');
    expect(failed!.textContent).toContain(`${walletEn.records.returned}1,250.00 USDT`);
  });

  it.each([328, 800])(
    'turn a page past the last to the last, not "no records yet" (%i px)',
    async (width) => {
      layOutAt(width);
      // 26 records at 20 a page: page 99 of a kept link answers an empty page.
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse({ ...WITHDRAWALS, pageList: [], pageNum: 99, total: 26 })),
      );
      const onPageChange = vi.fn();
      await renderWithQueries(<WithdrawalTable pageNum={99} onPageChange={onPageChange} />);
      await vi.waitFor(() => expect(onPageChange).toHaveBeenCalledWith(2, { isCorrection: true }));
      expect(screen.queryByText(walletEn.records.emptyWithdrawals)).toBeNull();
    },
  );
});
