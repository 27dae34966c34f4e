import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import financeEn from '../../../locales/en/finance.json';
import walletEn from '../../../locales/en/wallet.json';
import { adminChannelFixture } from '../../../testing/finance';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import FinanceChannelsPage from './channels';

const BANK = adminChannelFixture({
  id: '3',
  code: 'BANK',
  kind: 'bank',
  name: 'Bank card transfer',
  names: { en: 'Bank card transfer' },
  network: null,
  minAmount: '50.00',
  feeFixed: '2.00',
  arrivalMinutes: 1440,
  sortOrder: 3,
});

/** The channel list, and `answer` for a save. */
function serveChannels(answer: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'PUT' ? answer() : jsonResponse({ channels: [BANK] }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openEditor() {
  await renderWithQueries(<FinanceChannelsPage />, '/admin/finance-channels');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog');
}

const saves = (fetchMock: ReturnType<typeof serveChannels>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('Console -> finance channel settings', () => {
  setUpComponentTests({ console: consoleEn, finance: financeEn, wallet: walletEn });

  it('refuses a negative arrival time beside its field rather than saving it as 0', async () => {
    const fetchMock = serveChannels(() => jsonResponse(BANK));
    const editor = await openEditor();
    const minutes = within(editor).getByRole('spinbutton', { name: financeEn.channels.arrivalMinutes });
    fireEvent.change(minutes, { target: { value: '-5' } });
    fireEvent.blur(minutes);
    await act(async () => fireEvent.click(within(editor).getByRole('button', { name: 'Save' })));
    expect(await within(editor).findByText('Please enter a whole number from 0 to 100,000')).toBeTruthy();
    expect(saves(fetchMock)).toHaveLength(0);
  });

  it("shows the server's refusal of fees that take the whole minimum beside the fixed fee", async () => {
    const fetchMock = serveChannels(() =>
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The fees on the minimum amount of 50 must be less than that amount',
            details: {
              fields: [
                {
                  field: 'feeFixed',
                  message: 'The fees on the minimum amount of 50 must be less than that amount',
                },
              ],
            },
          },
        },
        400,
      ),
    );
    const editor = await openEditor();
    const fee = within(editor).getByRole('textbox', {
      name: financeEn.channels.feeFixed.replace('{{unit}}', 'USDT'),
    });
    fireEvent.change(fee, { target: { value: '60' } });
    await act(async () => fireEvent.click(within(editor).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(
      await within(editor).findByText('The fees on the minimum amount of 50 must be less than that amount'),
    ).toBeTruthy();
  });

  it('refuses a fixed fee finer than a cent beside its field, keeping a rate with more decimals', async () => {
    const fetchMock = serveChannels(() => jsonResponse(BANK));
    const editor = await openEditor();
    const fee = within(editor).getByRole('textbox', {
      name: financeEn.channels.feeFixed.replace('{{unit}}', 'USDT'),
    });
    const rate = within(editor).getByRole('textbox', { name: financeEn.channels.feeRate });
    fireEvent.change(fee, { target: { value: '0.125' } });
    fireEvent.change(rate, { target: { value: '0.00333' } });
    await act(async () => fireEvent.click(within(editor).getByRole('button', { name: 'Save' })));
    // Fixed fees are charged in whole cents: 0.125 was saved and shown to buyers, never charged as such.
    expect(
      await within(editor).findByText('Please enter an amount of 0 or more with at most 2 decimals'),
    ).toBeTruthy();
    expect(saves(fetchMock)).toHaveLength(0);
    fireEvent.change(fee, { target: { value: '0.13' } });
    await act(async () => fireEvent.click(within(editor).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(saves(fetchMock)[0]![1]!.body))).toMatchObject({
      feeFixed: '0.13',
      feeRate: '0.00333',
    });
  });
});
