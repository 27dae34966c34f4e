import type { TUserInfo } from '@caravan/contracts';
import validationEn from '@caravan/contracts/locales/en/validation.json';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import accountEn from '../../../locales/en/account.json';
import commonEn from '../../../locales/en/common.json';
import servicesEn from '../../../locales/en/services.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import TransactionPasswordPage from './transaction-password';

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

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

/** The account API as the page meets it: the buyer, a code sent, every other POST taken. What was posted, in order. */
function stubAccountApi(): { path: string; body: unknown }[] {
  const posted: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'POST') {
        posted.push({ path, body: JSON.parse(String(init.body)) });
        return path.endsWith('/verification/codes')
          ? jsonResponse(
              {
                ok: true,
                sentTo: 'bu***@caravan.example',
                channel: 'email',
                cooldownSeconds: 180,
                expiresInSeconds: 600,
              },
              201,
            )
          : jsonResponse({ ok: true });
      }
      return jsonResponse({ user: BUYER });
    }),
  );
  return posted;
}

async function renderPage(url: string) {
  await renderWithQueries(
    <>
      <Routes>
        <Route path="/userInfo/setup/transaction-password" element={<TransactionPasswordPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Address />
    </>,
    url,
  );
}

describe('/userInfo/setup/transaction-password, forgotten', () => {
  setUpComponentTests({ account: accountEn, services: servicesEn, common: commonEn });
  afterEach(() => clearSession());

  it('sets a new one with the code sent to the account, then goes back to what asked for it', async () => {
    setSession({ userInfo: BUYER });
    const posted = stubAccountApi();
    await renderPage('/userInfo/setup/transaction-password?redirect=%2Fcredit%2FmyLoan');
    // Changing asks for the current one; forgotten, it is set anew with a code instead.
    expect(screen.getByLabelText(accountEn.txPassword.old)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: commonEn.txPassword.forgot }));
    await screen.findByText(accountEn.txPassword.forgotIntro);
    expect(screen.getByTestId('address').textContent).toBe(
      '/userInfo/setup/transaction-password?redirect=%2Fcredit%2FmyLoan&mode=forgot',
    );
    expect(screen.queryByLabelText(accountEn.txPassword.old)).toBeNull();
    // Remembered after all: straight back to what asked for it.
    expect(screen.getByRole('link', { name: accountEn.txPassword.remembered }).getAttribute('href')).toBe(
      '/credit/myLoan',
    );

    fireEvent.click(screen.getByRole('button', { name: servicesEn.code.send }));
    await waitFor(() =>
      expect(posted).toEqual([{ path: '/api/v1/verification/codes', body: { purpose: 'resetTxPassword' } }]),
    );
    fireEvent.change(screen.getByRole('textbox', { name: servicesEn.code.label }), {
      target: { value: '482913' },
    });
    fireEvent.change(screen.getByLabelText(accountEn.txPassword.new), { target: { value: '246810' } });
    fireEvent.change(screen.getByLabelText(accountEn.txPassword.confirm), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: commonEn.actions.save }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/credit/myLoan'));
    expect(posted[1]).toEqual({
      path: '/api/v1/account/tx-password/reset',
      body: { code: '482913', txPassword: '246810', confirmTxPassword: '246810' },
    });
  });

  it('takes the code and the new one typed with Arabic-Indic digits, and sends ASCII digits', async () => {
    setSession({ userInfo: BUYER });
    const posted = stubAccountApi();
    await renderPage('/userInfo/setup/transaction-password?mode=forgot');
    await screen.findByText(accountEn.txPassword.forgotIntro);
    fireEvent.change(screen.getByRole('textbox', { name: servicesEn.code.label }), {
      target: { value: '٤٨٢٩١٣' },
    });
    fireEvent.change(screen.getByLabelText(accountEn.txPassword.new), { target: { value: '٢٤٦٨١٠' } });
    fireEvent.change(screen.getByLabelText(accountEn.txPassword.confirm), { target: { value: '٢٤٦٨١٠' } });
    fireEvent.click(screen.getByRole('button', { name: commonEn.actions.save }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/api/v1/account/tx-password/reset',
          body: { code: '482913', txPassword: '246810', confirmTxPassword: '246810' },
        },
      ]),
    );
  });

  it('says where to add an address when the account has none to send the code to', async () => {
    setSession({ userInfo: { ...BUYER, email: null } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ user: BUYER })),
    );
    await renderPage('/userInfo/setup/transaction-password?mode=forgot');
    expect(screen.getByText(accountEn.txPassword.noCodeAddress)).toBeTruthy();
    expect(screen.getByRole('link', { name: accountEn.txPassword.bindAddress }).getAttribute('href')).toBe(
      '/userInfo/setup',
    );
    expect(screen.queryByRole('button', { name: servicesEn.code.send })).toBeNull();
  });
});

describe('/userInfo/setup/transaction-password, a new one', () => {
  setUpComponentTests({ account: accountEn, services: servicesEn, common: commonEn });
  afterEach(() => clearSession());

  function stubApi() {
    const sent: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (init?.method === 'POST' || init?.method === 'PUT') {
          sent.push({ method: init.method, path, body: JSON.parse(String(init.body)) });
          return jsonResponse({ ok: true });
        }
        return jsonResponse({ user: BUYER });
      }),
    );
    return sent;
  }

  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('says beside the field, as it is typed, that a trivial one is too easy to guess, and does not send it', async () => {
    setSession({ userInfo: { ...BUYER, hasTxPassword: false } });
    const sent = stubApi();
    await renderPage('/userInfo/setup/transaction-password');
    type(accountEn.txPassword.new, '12345');
    // Half typed: no scolding yet.
    await waitFor(() => expect(screen.queryByText(validationEn.txPasswordTooSimple)).toBeNull());
    type(accountEn.txPassword.new, '123456');
    expect(await screen.findByText(validationEn.txPasswordTooSimple)).toBeTruthy();
    type(accountEn.txPassword.confirm, '123456');
    fireEvent.click(screen.getByRole('button', { name: commonEn.actions.save }));
    expect(await screen.findByText(validationEn.txPasswordTooSimple)).toBeTruthy();
    expect(sent).toEqual([]);

    type(accountEn.txPassword.new, '731904');
    await waitFor(() => expect(screen.queryByText(validationEn.txPasswordTooSimple)).toBeNull());
    type(accountEn.txPassword.confirm, '731904');
    fireEvent.click(screen.getByRole('button', { name: commonEn.actions.save }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/api/v1/account/tx-password',
          body: { txPassword: '731904', confirmTxPassword: '731904' },
        },
      ]),
    );
  });

  it('refuses a trivial one when it is changed, but takes any current one', async () => {
    setSession({ userInfo: BUYER });
    const sent = stubApi();
    await renderPage('/userInfo/setup/transaction-password');
    type(accountEn.txPassword.old, '123456');
    type(accountEn.txPassword.new, '987654');
    type(accountEn.txPassword.confirm, '987654');
    fireEvent.click(screen.getByRole('button', { name: commonEn.actions.save }));
    expect(await screen.findByText(validationEn.txPasswordTooSimple)).toBeTruthy();
    expect(sent).toEqual([]);

    type(accountEn.txPassword.new, '582046');
    type(accountEn.txPassword.confirm, '582046');
    fireEvent.click(screen.getByRole('button', { name: commonEn.actions.save }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PUT',
          path: '/api/v1/account/tx-password',
          body: { oldTxPassword: '123456', txPassword: '582046', confirmTxPassword: '582046' },
        },
      ]),
    );
  });

  it('refuses the current one as the new one beside its field, and does not send it', async () => {
    setSession({ userInfo: BUYER });
    const sent = stubApi();
    await renderPage('/userInfo/setup/transaction-password');
    type(accountEn.txPassword.old, '482916');
    type(accountEn.txPassword.new, '482916');
    type(accountEn.txPassword.confirm, '482916');
    fireEvent.click(screen.getByRole('button', { name: commonEn.actions.save }));
    expect(await screen.findByText(validationEn.txPasswordUnchanged)).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
