import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api';
import { STORAGE_KEYS } from '../../../lib/storage';
import { initTestI18n } from '../../../testing/i18n';
import RegisterPage from './register';

async function renderRegister() {
  const router = createMemoryRouter([{ path: '/register', element: <RegisterPage /> }], {
    initialEntries: ['/register'],
  });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return screen.getByRole('textbox', { name: /Invitation code/ }) as HTMLInputElement;
}

/** Types a valid password twice and presses Register. */
async function submitWithPassword() {
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Qz7kp4mwx' } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Qz7kp4mwx' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
  });
}

describe('RegisterPage', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('fills the invitation code from the agent code kept from /index?code= (SPEC §3)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.agentCode, 'XYZ123');
    const field = await renderRegister();
    expect(field.value).toBe('XYZ123');
  });

  it('leaves the field empty without a stored code', async () => {
    const field = await renderRegister();
    expect(field.value).toBe('');
  });

  it('refuses a mobile number the area code\u2019s numbering plan does not allow, with the server\u2019s message', async () => {
    const post = vi.spyOn(api, 'post').mockRejectedValue(new Error('not expected in this test'));
    await renderRegister();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Mobile' }));
    });
    const mobile = screen.getByRole('textbox', { name: 'Mobile number' });
    // Eight digits: enough for the contract's count, too few for a number under +1 (the default area code).
    fireEvent.change(mobile, { target: { value: '12345678' } });
    await submitWithPassword();
    await waitFor(() =>
      expect(screen.getByText('This is not a valid mobile number for the chosen area code')).toBeTruthy(),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses a malformed e-mail with its own message beside the field, not the browser\u2019s bubble (QA)', async () => {
    const post = vi.spyOn(api, 'post').mockRejectedValue(new Error('not expected in this test'));
    await renderRegister();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'E-mail' }));
    });
    const email = screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement;
    // The browser checked type="email" first, in its own language, and never let the form say why.
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    expect(email.closest('form')?.checkValidity()).toBe(true);
    await submitWithPassword();
    await waitFor(() =>
      expect(email.closest('.ant-form-item')?.textContent).toContain(
        'Please enter a valid email; the name before @ needs at least 6 letters or digits',
      ),
    );
    expect(email.inputMode).toBe('email');
    expect(post).not.toHaveBeenCalled();
  });

  it('puts "username taken" beside the Username field and takes the reader there, not in a toast alone (QA)', async () => {
    const message = 'This username is already taken';
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValue(new ApiError({ status: 409, code: 'USERNAME_TAKEN', message }));
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    await renderRegister();
    const account = screen.getByRole('textbox', { name: 'Username' });
    fireEvent.change(account, { target: { value: 'demobuyer' } });
    await submitWithPassword();
    expect(post).toHaveBeenCalledOnce();
    await waitFor(() => expect(account.closest('.ant-form-item')?.textContent).toContain(message));
    expect(account.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(account));
    scrollIntoView.mockRestore();
  });

  it('an empty submit scrolls to and focuses the first field in error, not leaving the focus on Register', async () => {
    const post = vi.spyOn(api, 'post').mockRejectedValue(new Error('not expected in this test'));
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    await renderRegister();
    const register = screen.getByRole('button', { name: 'Register' });
    register.focus();
    await act(async () => {
      fireEvent.click(register);
    });
    const account = screen.getByRole('textbox', { name: 'Username' });
    await waitFor(() => expect(document.activeElement).toBe(account));
    expect(scrolled).toEqual([account.closest('.ant-form-item')]);
    expect(post).not.toHaveBeenCalled();
    scrollIntoView.mockRestore();
  });
});
