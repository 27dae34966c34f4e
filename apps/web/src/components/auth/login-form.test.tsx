import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { initTestI18n } from '../../testing/i18n';
import { accountTypedAsUsername, LoginForm } from './login-form';

/** Types the account into the field of that name and the password, then presses "Log in". */
async function logInWith(accountField: string, account: string, password: string): Promise<void> {
  fireEvent.change(screen.getByRole('textbox', { name: accountField }), { target: { value: account } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  });
}

describe('LoginForm', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
  });

  it('shows the server error message (lockout) beside the form', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        status: 423,
        code: 'LOGIN_LOCKED_MINUTES',
        message: 'Three consecutive wrong inputs, please wait 3 minutes and try again',
      });
    });
    render(<LoginForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'demobuyer' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'wrong-one' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('wait 3 minutes'));
    expect(onSubmit).toHaveBeenCalledWith({
      accountType: 'username',
      account: 'demobuyer',
      password: 'wrong-one',
    });
  });

  it('validates with the contract rules before calling the server', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<LoginForm onSubmit={onSubmit} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    await waitFor(() => expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("clears a field's error as soon as the field is corrected, before the next submit", async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<LoginForm onSubmit={onSubmit} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'demobuyer' } });
    // Ant Design removes an error at the end of its leave motion, which takes longer on a loaded machine.
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(1), {
      timeout: 5_000,
    });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'abc12345' },
    });
    await waitFor(() => expect(screen.queryAllByText('This field is required')).toHaveLength(0), {
      timeout: 5_000,
    });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('after failures shows the slider check and sends its solved challenge with the next attempt', async () => {
    const challengeId = 'ab'.repeat(16);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ id: challengeId, difficulty: 6, expiresAt: '2030-01-01T00:00:00.000Z' }),
      ),
    );
    const onSubmit = vi
      .fn<(body: Record<string, unknown>) => Promise<void>>()
      .mockRejectedValueOnce(
        new ApiError({
          status: 400,
          code: 'LOGIN_FAILED',
          message: 'Wrong account or password',
          details: { remainingAttempts: 2, challengeRequired: true },
        }),
      )
      .mockResolvedValueOnce(undefined);
    render(<LoginForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'demobuyer' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'wrong-one' },
    });
    expect(screen.queryByRole('slider')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    const slider = await screen.findByRole('slider', { name: 'Verification slider' });
    // Keyboard users slide with End (or the arrow keys).
    await act(async () => {
      fireEvent.keyDown(slider, { key: 'End' });
    });
    await waitFor(() => expect(screen.getByTestId('human-check').textContent).toContain('Verified'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    const second = onSubmit.mock.calls[1]![0] as { challenge?: { id: string; nonce: string } };
    expect(second.challenge?.id).toBe(challengeId);
    expect(second.challenge?.nonce).toMatch(/^\d+$/);
    vi.unstubAllGlobals();
  });

  it('clears the "complete the slider" error once the slider is solved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ id: 'ef'.repeat(16), difficulty: 6, expiresAt: '2030-01-01T00:00:00.000Z' }),
      ),
    );
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        status: 400,
        code: 'CHALLENGE_REQUIRED',
        message: 'Please complete the slider verification',
        details: { challengeRequired: true },
      });
    });
    render(<LoginForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'demobuyer' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'wrong-one' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    const slider = await screen.findByRole('slider', { name: 'Verification slider' });
    expect(screen.getByRole('alert').textContent).toContain('slider verification');
    await act(async () => {
      fireEvent.keyDown(slider, { key: 'End' });
    });
    await waitFor(() => expect(screen.getByTestId('human-check').textContent).toContain('Verified'));
    expect(screen.queryByText('Please complete the slider verification')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('after a reload of the tab shows the slider at once, until a log-in gets through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ id: 'cd'.repeat(16), difficulty: 6, expiresAt: '2030-01-01T00:00:00.000Z' }),
      ),
    );
    const refused = new ApiError({
      status: 400,
      code: 'CHALLENGE_REQUIRED',
      message: 'Please complete the verification',
      details: { challengeRequired: true },
    });
    const onSubmit = vi
      .fn<(body: Record<string, unknown>) => Promise<void>>()
      .mockRejectedValueOnce(refused)
      .mockResolvedValueOnce(undefined);
    const typeAndSubmit = async () => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'demobuyer' } });
      fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
        target: { value: 'buyer123' },
      });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      });
    };
    const first = render(<LoginForm onSubmit={onSubmit} />);
    await typeAndSubmit();
    await screen.findByRole('slider', { name: 'Verification slider' });
    first.unmount();

    // The reload: a new form in the same tab asks for the check before any attempt.
    const second = render(<LoginForm onSubmit={onSubmit} />);
    expect(await screen.findByRole('slider', { name: 'Verification slider' })).toBeTruthy();
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('slider'), { key: 'End' });
    });
    await waitFor(() => expect(screen.getByTestId('human-check').textContent).toContain('Verified'));
    await typeAndSubmit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    second.unmount();

    // Logged in: the next form starts without the check.
    render(<LoginForm onSubmit={onSubmit} />);
    await act(async () => undefined);
    expect(screen.queryByRole('slider')).toBeNull();
    vi.unstubAllGlobals();
  });
  it('logs an e-mail or an international number typed in the Username tab in with its own account type', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<LoginForm onSubmit={onSubmit} />);
    await logInWith('Username', ' qa.tester01@example.com ', 'buyer123');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        accountType: 'email',
        account: 'qa.tester01@example.com',
        password: 'buyer123',
      }),
    );
    // The E-mail tab is the one shown now.
    expect(screen.getByRole('tab', { name: 'E-mail', selected: true })).toBeTruthy();
  });

  it('logs in with a mobile number from the Mobile tab, whose area codes load when it is chosen', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<LoginForm onSubmit={onSubmit} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Mobile' }));
    });
    const areaCode = await screen.findByRole('combobox', { name: 'Area code' });
    expect(areaCode.closest('.ant-select')?.textContent).toContain('+1');
    await logInWith('Mobile number', '2025550143', 'buyer123');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        accountType: 'mobile',
        areaCode: '+1',
        account: '2025550143',
        password: 'buyer123',
      }),
    );
  });

  it('reads "+44 7911 123456" typed as a username as the UK mobile number', async () => {
    expect(await accountTypedAsUsername('+44 7911 123456')).toEqual({
      accountType: 'mobile',
      areaCode: '+44',
      account: '7911123456',
    });
    expect(await accountTypedAsUsername('+1 (202) 555-0143')).toMatchObject({
      areaCode: '+1',
      account: '2025550143',
    });
    expect(await accountTypedAsUsername('demobuyer')).toBeNull();
  });
});
