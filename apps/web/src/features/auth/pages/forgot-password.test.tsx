import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api';
import { initTestI18n } from '../../../testing/i18n';
import ForgotPasswordPage from './forgot-password';

const SENT = {
  ok: true,
  sentTo: '+1 ******0143',
  channel: 'sms',
  cooldownSeconds: 180,
  expiresInSeconds: 600,
};

async function renderPage() {
  const router = createMemoryRouter([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], {
    initialEntries: ['/forgot-password'],
  });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
}

describe('ForgotPasswordPage', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('sends a mobile number with its area code, so an all-digit username cannot stand in for it', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(SENT);
    await renderPage();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Mobile' }));
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), {
      target: { value: '2025550143' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/verification/codes', {
        purpose: 'resetPassword',
        account: '2025550143',
        areaCode: '+1',
      }),
    );
  });

  it('sends a username without an area code', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ ...SENT, channel: 'email' });
    await renderPage();
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'demobuyer' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/verification/codes', {
        purpose: 'resetPassword',
        account: 'demobuyer',
      }),
    );
    // The button turns disabled: the focus went to the page's start, and the code is what is typed next (QA).
    const code = screen.getByRole('textbox', { name: 'Verification code' });
    await waitFor(() => expect(document.activeElement).toBe(code));
  });

  it('says beside the account that no such user exists, not in a passing toast alone (QA)', async () => {
    const message = 'User does not exist';
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError({ status: 404, code: 'USER_NOT_FOUND', message }));
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    await renderPage();
    const account = screen.getByRole('textbox', { name: 'Username' });
    fireEvent.change(account, { target: { value: 'nosuchuser77' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
    await waitFor(() => expect(account.closest('.ant-form-item')?.textContent).toContain(message));
    expect(account.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(account));
    scrollIntoView.mockRestore();
  });
});
