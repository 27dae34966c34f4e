import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import financeEn from '../../../locales/en/finance.json';
import walletEn from '../../../locales/en/wallet.json';
import { Address } from '../../../testing/address';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import FinanceRechargesPage from './recharges';

/** The recharge queue at `url`; answers the list reads it makes, 45 records in all. */
async function openQueue(url: string) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    return pathname.endsWith('/auth/me')
      ? jsonResponse({ staff: { id: '1', username: 'finance', displayName: 'Finance', permissions: [] } })
      : jsonResponse({ pageList: [], total: 45, pageNum: 1, pageSize: 20 });
  });
  vi.stubGlobal('fetch', fetchMock);
  await renderWithQueries(
    <>
      <FinanceRechargesPage />
      <Address />
    </>,
    url,
  );
  const listReads = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((read) => read.pathname === '/api/v1/admin/finance/recharges');
  return { listReads };
}

describe('Console -> finance queue in the address', () => {
  setUpComponentTests({ console: consoleEn, finance: financeEn, wallet: walletEn });

  it('opens on the page and filter the address names: a reload keeps the reviewer at their place', async () => {
    // Reloaded on page 2 of every status: it went back to page 1 of "processing".
    const { listReads } = await openQueue('/admin/finance-recharges?pageNum=2&status=');
    const read = listReads().at(-1)!;
    expect(read.searchParams.get('pageNum')).toBe('2');
    expect(read.searchParams.has('status')).toBe(false);
  });

  it('starts on the processing records and writes a page turn into the address', async () => {
    const { listReads } = await openQueue('/admin/finance-recharges');
    expect(listReads().at(-1)!.searchParams.get('status')).toBe('processing');
    await act(async () => fireEvent.click(await screen.findByTitle('2')));
    expect(screen.getByTestId('address').textContent).toBe('?pageNum=2');
    expect(listReads().at(-1)!.searchParams.get('pageNum')).toBe('2');
  });

  it('takes an address it cannot read as the default queue', async () => {
    const { listReads } = await openQueue('/admin/finance-recharges?pageNum=-3&status=lost');
    const read = listReads().at(-1)!;
    expect(read.searchParams.get('pageNum')).toBe('1');
    expect(read.searchParams.get('status')).toBe('processing');
  });
});
