import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../testing/render';
import { StaffLoginPage } from './staff-login-page';

const SLIDER_ERROR = 'Please complete the slider verification';
const CHALLENGE_ID = 'ab'.repeat(16);

/** The server: a challenge for the slider, and `refusal` for every log-in attempt. */
function serve(refusal: { status: number; code: string; message: string }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    String(input).includes('/auth/challenge')
      ? jsonResponse({ id: CHALLENGE_ID, difficulty: 6, expiresAt: '2030-01-01T00:00:00.000Z' })
      : jsonResponse(
          { error: { code: refusal.code, message: refusal.message, details: { challengeRequired: true } } },
          refusal.status,
        ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  });
}

/** Opens the page, tries a password and solves the slider the refusal asks for. */
async function tryPasswordThenSolveSlider(onRefused: () => void = () => undefined) {
  await renderWithQueries(<StaffLoginPage titleKey="admin:login.title" basePath="/admin" />, '/admin/login');
  fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
    target: { value: 'wrong-one' },
  });
  await submit();
  const slider = await screen.findByRole('slider', { name: 'Verification slider' });
  onRefused();
  await act(async () => {
    fireEvent.keyDown(slider, { key: 'End' });
  });
  await waitFor(() => expect(screen.getByTestId('human-check').textContent).toContain('Verified'));
}

describe('StaffLoginPage', () => {
  setUpComponentTests();

  it('clears the "complete the slider" error once the slider is solved (QA consoles, session 50)', async () => {
    const fetchMock = serve({ status: 400, code: 'CHALLENGE_REQUIRED', message: SLIDER_ERROR });
    await tryPasswordThenSolveSlider(() => {
      expect(screen.getByRole('alert').textContent).toContain(SLIDER_ERROR);
    });
    expect(screen.queryByText(SLIDER_ERROR)).toBeNull();
    // The solved slider's answer goes with the next attempt.
    await submit();
    const attempts = fetchMock.mock.calls.filter(([input]) => String(input).includes('/admin/auth/login'));
    expect(attempts).toHaveLength(2);
    const second = JSON.parse(String(attempts[1]![1]!.body)) as { challenge?: { id: string } };
    expect(second.challenge?.id).toBe(CHALLENGE_ID);
  });

  it('keeps a wrong-password error when the slider is solved: only the slider message is answered by it', async () => {
    serve({ status: 401, code: 'INVALID_CREDENTIALS', message: 'Wrong username or password' });
    await tryPasswordThenSolveSlider();
    expect(screen.getByRole('alert').textContent).toContain('Wrong username or password');
  });
});
