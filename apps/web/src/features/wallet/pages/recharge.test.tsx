import type { TWalletChannel } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import walletEn from '../../../locales/en/wallet.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { stubUploadRequests } from '../../../testing/upload-requests';
import RechargePage from './recharge';

const TRC20: TWalletChannel = {
  id: '1',
  code: 'USDT-TRC20',
  kind: 'blockchain',
  name: 'USDT (TRC20)',
  currency: 'USDT',
  network: 'TRC20',
  depositAddress: 'TPkdHeKXewXMXkUEWywDBRts5jegbYReuS',
  depositUri: 'tron:TPkdHeKXewXMXkUEWywDBRts5jegbYReuS',
  minAmount: '1.00',
  maxAmount: '1000000.00',
  feeFixed: '0.00',
  feeRate: '0',
  rateToUsdt: '1',
  arrivalMinutes: 30,
  isAvailable: true,
};

const CERTIFICATE_URL = `/uploads/img/ab/${'c'.repeat(32)}-800.webp`;

describe('/userInfo/money-package/recharge', () => {
  setUpComponentTests({ wallet: walletEn });
  failOnAntdWarnings();

  it.each(['99999999999999999999999', '1000000.01'])(
    'says the range of an amount above the largest recharge (%s), not its decimals',
    async (typed) => {
      stubWalletApi();
      await openTrc20Form();
      const amount = await screen.findByRole('textbox', { name: /Amount/ });
      await act(async () => fireEvent.change(amount, { target: { value: typed } }));
      await waitFor(() =>
        expect(screen.getByText('Please enter an amount between 1.00 and 1,000,000.00 USDT')).toBeTruthy(),
      );
      expect(screen.queryByText(/at most 2 decimals/)).toBeNull();
    },
  );

  it.each(['0.5', '0.001', '30', ''])(
    'says the range of an amount below a channel minimum of 50 (%s), not the general "at least 1" (QA)',
    async (typed) => {
      stubWalletApi({ ...TRC20, minAmount: '50.00', maxAmount: '100000.00' });
      await openTrc20Form();
      const amount = await screen.findByRole('textbox', { name: /Amount/ });
      await act(async () => fireEvent.change(amount, { target: { value: '7' } }));
      await act(async () => fireEvent.change(amount, { target: { value: typed } }));
      await waitFor(() =>
        expect(screen.getByText('Please enter an amount between 50.00 and 100,000.00 USDT')).toBeTruthy(),
      );
      expect(screen.queryByText(/at least 1/)).toBeNull();
    },
  );

  it('takes back "hash or certificate" once a certificate is uploaded, and asks again when it is removed', async () => {
    stubWalletApi();
    stubUploads();
    await openTrc20Form();
    await act(async () =>
      fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '100' } }),
    );
    await submitRecharge();
    expect(await screen.findByText(walletEn.recharge.proofRequired)).toBeTruthy();

    await uploadCertificate();
    await waitFor(() => expect(screen.queryByText(walletEn.recharge.proofRequired)).toBeNull());

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Remove/ })));
    await submitRecharge();
    expect(await screen.findByText(walletEn.recharge.proofRequired)).toBeTruthy();
    expect(screen.queryByText(walletEn.recharge.confirmTitle)).toBeNull();
  });

  it('sends the uploaded certificate as the proof of a recharge without a hash', async () => {
    const fetchMock = stubWalletApi();
    stubUploads();
    await openTrc20Form();
    await act(async () =>
      fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '100' } }),
    );
    await uploadCertificate();
    await submitRecharge();
    const confirm = await screen.findByRole('button', { name: /Confirm/ });
    await act(async () => fireEvent.click(confirm));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/wallet/recharges'))).toBe(true),
    );
    const [, init] =
      fetchMock.mock.calls.find(([input]) => String(input).includes('/wallet/recharges')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      channelCode: 'USDT-TRC20',
      amount: '100',
      certificateUrl: CERTIFICATE_URL,
    });
  });

  it('takes back "hash or certificate" once a hash is typed', async () => {
    stubWalletApi();
    await openTrc20Form();
    await act(async () =>
      fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '100' } }),
    );
    await submitRecharge();
    expect(await screen.findByText(walletEn.recharge.proofRequired)).toBeTruthy();

    await act(async () =>
      fireEvent.change(screen.getByRole('textbox', { name: /Transaction hash/ }), {
        target: { value: 'a'.repeat(64) },
      }),
    );
    await waitFor(() => expect(screen.queryByText(walletEn.recharge.proofRequired)).toBeNull());
  });
});

function stubWalletApi(channel: TWalletChannel = TRC20) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname === '/api/v1/wallet/channels') {
      return jsonResponse({ channels: [channel] });
    }
    return jsonResponse({
      currency: 'USDT',
      money: '0',
      available: '0',
      held: '0',
      hasUnfinished: false,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openTrc20Form() {
  await renderWithQueries(<RechargePage />, '/userInfo/money-package/recharge');
  const method = await screen.findByRole('button', { name: /USDT \(TRC20\)/ });
  if (method.getAttribute('aria-pressed') !== 'true') {
    await act(async () => fireEvent.click(method));
  }
}

async function uploadCertificate() {
  await act(async () =>
    fireEvent.change(screen.getByTestId('certificate-input'), {
      target: { files: [new File(['png'], 'receipt.png', { type: 'image/png' })] },
    }),
  );
  expect(await screen.findByText(walletEn.upload.done)).toBeTruthy();
}

async function submitRecharge() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: walletEn.recharge.submit })));
}

/** Certificates go up through XMLHttpRequest (for their progress): each is stored at once. */
function stubUploads() {
  stubUploadRequests({
    status: 201,
    body: { url: CERTIFICATE_URL, width: 800, height: 600, srcset: '' },
  });
}
