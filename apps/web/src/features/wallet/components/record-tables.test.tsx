import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import walletEn from '../../../locales/en/wallet.json';
import { layOutAt } from '../../../testing/layout';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { WithdrawalTable } from './record-tables';

const WITHDRAWALS = {
  pageList: [
    {
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
    },
  ],
  pageNum: 1,
  pageSize: 20,
  total: 1,
};

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
    const [record] = within(list).getAllByRole('listitem');
    const named = Object.fromEntries(
      [...record!.querySelectorAll('dt')].map((term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ]),
    );
    expect(named).toMatchObject({
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

  it('are a table beside the menu on a laptop, scrolling if its columns need more room', async () => {
    layOutAt(800);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(WITHDRAWALS)),
    );
    await renderWithQueries(<WithdrawalTable pageNum={1} onPageChange={vi.fn()} />);
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('list', { name: walletEn.records.withdrawals })).toBeNull();
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
