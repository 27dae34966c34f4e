import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

describe('RegisterPage', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
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
});
