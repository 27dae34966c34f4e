import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../testing/render';
import { StaffLoginPage } from './staff-login-page';

const SLIDER_ERROR = 'Please complete the slider verification';

describe('StaffLoginPage', () => {
  setUpComponentTests();

  it('clears the "complete the slider" error once the slider is solved (QA consoles, session 50)', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).includes('/auth/challenge')
        ? jsonResponse({ id: 'ab'.repeat(16), difficulty: 6, expiresAt: '2030-01-01T00:00:00.000Z' })
        : jsonResponse(
            {
              error: {
                code: 'CHALLENGE_REQUIRED',
                message: SLIDER_ERROR,
                details: { challengeRequired: true },
              },
            },
            400,
          ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(
      <StaffLoginPage titleKey="admin:login.title" basePath="/admin" />,
      '/admin/login',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'wrong-one' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    const slider = await screen.findByRole('slider', { name: 'Verification slider' });
    expect(screen.getByRole('alert').textContent).toContain(SLIDER_ERROR);

    await act(async () => {
      fireEvent.keyDown(slider, { key: 'End' });
    });
    await waitFor(() => expect(screen.getByTestId('human-check').textContent).toContain('Verified'));
    expect(screen.queryByText(SLIDER_ERROR)).toBeNull();
    // The solved slider's answer goes with the next attempt.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    const attempts = fetchMock.mock.calls.filter(([input]) => String(input).includes('/admin/auth/login'));
    expect(attempts).toHaveLength(2);
    const second = JSON.parse(String(attempts[1]![1]!.body)) as {
      challenge?: { id: string };
    };
    expect(second.challenge?.id).toBe('ab'.repeat(16));
  });

  it('keeps a wrong-password error when the slider is solved: only the slider message is answered by it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).includes('/auth/challenge')) {
          return jsonResponse({ id: 'cd'.repeat(16), difficulty: 6, expiresAt: '2030-01-01T00:00:00.000Z' });
        }
        return jsonResponse(
          {
            error: {
              code: 'INVALID_CREDENTIALS',
              message: 'Wrong username or password',
              details: { challengeRequired: true },
            },
          },
          401,
        );
      }),
    );
    await renderWithQueries(
      <StaffLoginPage titleKey="admin:login.title" basePath="/admin" />,
      '/admin/login',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'wrong-one' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    const slider = await screen.findByRole('slider', { name: 'Verification slider' });
    await act(async () => {
      fireEvent.keyDown(slider, { key: 'End' });
    });
    await waitFor(() => expect(screen.getByTestId('human-check').textContent).toContain('Verified'));
    expect(screen.getByRole('alert').textContent).toContain('Wrong username or password');
  });
});
