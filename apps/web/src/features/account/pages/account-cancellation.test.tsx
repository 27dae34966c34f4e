import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import accountEn from '../../../locales/en/account.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import AccountCancellationPage from './account-cancellation';

describe('/userInfo/setup/account-cancellation', () => {
  setUpComponentTests({ account: accountEn });

  it("takes a reason as long as the server keeps, and asks with the focus on Cancel (closing can't be undone)", async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      new URL(String(input), 'http://localhost').pathname === '/api/v1/account/cancel'
        ? jsonResponse({ blockers: [] })
        : jsonResponse({ ok: true }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<AccountCancellationPage />, '/userInfo/setup/account-cancellation');
    const reason = (await screen.findByLabelText(accountEn.cancellation.reason)) as HTMLTextAreaElement;
    // The server keeps 255 characters; the box said "500 / 500" and the server then refused the text.
    expect(screen.getByText('0 / 255')).toBeTruthy();

    fireEvent.change(reason, { target: { value: 'Moving my purchasing to another platform' } });
    fireEvent.change(screen.getByLabelText(accountEn.cancellation.loginPassword), {
      target: { value: 'Sekrit-12x' },
    });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: accountEn.cancellation.submit })),
    );
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says a wrong password beside the password, marked and focused, not above the form (QA)', async () => {
    const message = 'Wrong password. Attempts left: 2';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? jsonResponse({ error: { code: 'WRONG_PASSWORD', message, details: { attemptsLeft: 2 } } }, 400)
          : jsonResponse(
              new URL(String(input), 'http://localhost').pathname.endsWith('/check') ? { blockers: [] } : {},
            ),
      ),
    );
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    await renderWithQueries(<AccountCancellationPage />, '/userInfo/setup/account-cancellation');
    fireEvent.change(await screen.findByLabelText(accountEn.cancellation.reason), {
      target: { value: 'test' },
    });
    const password = screen.getByLabelText(accountEn.cancellation.loginPassword);
    fireEvent.change(password, { target: { value: 'Wrong-12x' } });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: accountEn.cancellation.submit })),
    );
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: accountEn.cancellation.confirmOk })),
    );
    await waitFor(() => expect(password.closest('.ant-form-item')?.textContent).toContain(message));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(password));
    // Said once, beside the field: not again in a banner above the form.
    expect(document.querySelector('.ant-alert-error')).toBeNull();
    scrollIntoView.mockRestore();
  });
});
