import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { clearSession, setSession } from '../../../lib/session';
import { initTestI18n } from '../../../testing/i18n';
import * as accountApi from '../api/account-api';
import { AvatarPicker, ProfileCard, ProfileEditor } from './profile-card';

async function click(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('ProfileEditor', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses a username outside the SPEC §5 rules beside the field, then saves a good one', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ ok: true });
    const refresh = vi.spyOn(accountApi, 'refreshCurrentUser').mockResolvedValue({} as never);
    const onDone = vi.fn();
    render(<ProfileEditor field="username" onDone={onDone} />);
    const input = screen.getByLabelText('New username', { selector: 'input' });
    fireEvent.change(input, { target: { value: 'ab_1' } });
    await click('Save');
    await waitFor(() => expect(screen.getByText('Username must be 6-30 letters or digits')).toBeTruthy());
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'NewName2026' } });
    await click('Save');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/account/username', { username: 'NewName2026' });
    expect(refresh).toHaveBeenCalled();
  });

  it('checks the mobile number with libphonenumber before sending a code, then binds it with the code', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({
      ok: true,
      sentTo: '+1 ******0123',
      channel: 'sms',
      cooldownSeconds: 180,
      expiresInSeconds: 600,
    });
    const put = vi.spyOn(api, 'put').mockResolvedValue({ ok: true });
    vi.spyOn(accountApi, 'refreshCurrentUser').mockResolvedValue({} as never);
    const onDone = vi.fn();
    render(<ProfileEditor field="mobile" onDone={onDone} />);
    const phone = screen.getByRole('textbox', { name: 'Mobile number' });
    // Eight digits pass the contract's count but are no possible number under +1.
    fireEvent.change(phone, { target: { value: '12345678' } });
    await click('Send code');
    await waitFor(() =>
      expect(screen.getByText('This is not a valid mobile number for the chosen area code')).toBeTruthy(),
    );
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(phone, { target: { value: '2025550123' } });
    await click('Send code');
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/verification/codes', {
        purpose: 'bindMobile',
        areaCode: '+1',
        phone: '2025550123',
      }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), {
      target: { value: '123456' },
    });
    await click('Save');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/account/mobile', {
      areaCode: '+1',
      phone: '2025550123',
      code: '123456',
    });
  });

  it("keeps a sent code's cooldown over a reload of the tab, for the address it went to only", async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({
      ok: true,
      sentTo: 'bu***@example.com',
      channel: 'email',
      cooldownSeconds: 180,
      expiresInSeconds: 600,
    });
    const typeEmail = (value: string) =>
      fireEvent.change(screen.getByLabelText('E-mail', { selector: 'input' }), { target: { value } });
    const first = render(<ProfileEditor field="email" onDone={() => undefined} />);
    typeEmail('buyer123@example.com');
    await click('Send code');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: /Resend in 1(80|79) s/ })).toHaveProperty('disabled', true);
    first.unmount();

    // The reload: the same address typed again still waits; another one may have its code now.
    render(<ProfileEditor field="email" onDone={() => undefined} />);
    typeEmail('Buyer123@example.com ');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Resend in 1\d\d s/ })).toHaveProperty('disabled', true),
    );
    typeEmail('other@example.com');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false),
    );
  });

  it('asks for the code before binding an e-mail', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ ok: true });
    render(<ProfileEditor field="email" onDone={() => undefined} />);
    fireEvent.change(screen.getByLabelText('E-mail', { selector: 'input' }), {
      target: { value: 'buyer123@example.com' },
    });
    await click('Save');
    await waitFor(() => expect(screen.getByText('Please enter the verification code')).toBeTruthy());
    expect(put).not.toHaveBeenCalled();
  });
  it('asks for the log-in password when it replaces a bound e-mail, not when it binds the first one', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({
      ok: true,
      sentTo: 'ne***@example.com',
      channel: 'email',
      cooldownSeconds: 180,
      expiresInSeconds: 600,
    });
    const put = vi.spyOn(api, 'put').mockResolvedValue({ ok: true });
    vi.spyOn(accountApi, 'refreshCurrentUser').mockResolvedValue({} as never);
    const onDone = vi.fn();
    const replacing = render(<ProfileEditor field="email" isReplacing onDone={onDone} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'newmail01@example.com' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), {
      target: { value: '123456' },
    });
    await click('Save');
    await waitFor(() => expect(screen.getByText('This field is required')).toBeTruthy());
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Log-in password', { selector: 'input' }), {
      target: { value: 'Sekrit-12x' },
    });
    await click('Save');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/account/email', {
      email: 'newmail01@example.com',
      code: '123456',
      loginPassword: 'Sekrit-12x',
    });
    replacing.unmount();

    render(<ProfileEditor field="email" onDone={onDone} />);
    expect(screen.queryByLabelText('Log-in password', { selector: 'input' })).toBeNull();
  });
});

describe('AvatarPicker', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers the 20 numbered avatars as one radio group and saves the one chosen with Save', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ ok: true });
    const refresh = vi.spyOn(accountApi, 'refreshCurrentUser').mockResolvedValue({} as never);
    const onDone = vi.fn();
    render(<AvatarPicker name="Amina" current={3} onDone={onDone} />);
    const choices = screen.getAllByRole('radio');
    expect(choices).toHaveLength(20);
    expect(screen.getByRole('radio', { name: 'Avatar 3' })).toHaveProperty('checked', true);
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Avatar 14' }));
    });
    // Moving through the choices saves nothing: an arrow key would otherwise save every avatar it passes.
    expect(put).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'Avatar 14' })).toHaveProperty('checked', true);
    await click('Save');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/account/avatar', { avatar: 14 });
    expect(refresh).toHaveBeenCalled();
  });
});

describe('ProfileCard buttons', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    clearSession('logout');
  });

  it('names what each Change or Bind button changes, so a list of buttons tells them apart', async () => {
    setSession({
      userInfo: {
        id: '1',
        usercode: 'U1',
        username: 'demobuyer',
        email: 'demo@example.com',
        areaCode: null,
        phone: null,
        displayName: 'demobuyer',
        avatar: 1,
        invitationCode: 'ABC',
        hasTxPassword: true,
        isSeller: false,
        lang: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    });
    render(<ProfileCard />);
    const names = screen
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(['Change avatar', 'Change username', 'Change e-mail', 'Bind mobile number']);
  });

  it('opens the username editor with the focus in its field', async () => {
    setSession({
      userInfo: {
        id: '1',
        usercode: 'U1',
        username: 'demobuyer',
        email: null,
        areaCode: null,
        phone: null,
        displayName: 'demobuyer',
        avatar: 1,
        invitationCode: 'ABC',
        hasTxPassword: true,
        isSeller: false,
        lang: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    });
    render(<ProfileCard />);
    await click('Change username');
    const input = await screen.findByLabelText('New username', { selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(input));
  });
});
