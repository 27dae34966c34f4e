import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Footer } from '../../app/layout/footer';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../testing/render';
import { captureToasts } from '../../testing/toasts';
import SubscriptionConfirmPage from './pages/subscription-confirm';
import SubscriptionUnsubscribePage from './pages/subscription-unsubscribe';

const TOKEN = `${'S'.repeat(16)}.${'v'.repeat(43)}`;

/** A fetch stub answering `answer`, recording each call's URL and body. */
function stubApi(answer: () => Response) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      });
      return answer();
    }),
  );
  return calls;
}

describe('the subscription mail pages', () => {
  setUpComponentTests();

  it('confirm: says what will happen, and posts the token of the fragment in the body when asked', async () => {
    const calls = stubApi(() => jsonResponse({ result: 'confirmed' }));
    await renderWithQueries(<SubscriptionConfirmPage />, `/subscription/confirm?lang=en#${TOKEN}`);
    expect(screen.getByRole('heading', { name: 'Confirm your subscription' })).toBeTruthy();
    expect(screen.getByText(/Confirm that you want Caravan offers/)).toBeTruthy();
    // Opening the page alone sends nothing (mail scanners open links too).
    expect(calls).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/subscription is confirmed/),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { token: TOKEN } });
    expect(new URL(calls[0]!.url, 'http://local').pathname).toBe('/api/v1/subscriptions/confirm');
    expect(calls[0]!.url).not.toContain(TOKEN);
  });

  it('confirm: a second visit says it was confirmed already; a refused link shows the server message', async () => {
    stubApi(() => jsonResponse({ result: 'alreadyConfirmed' }));
    await renderWithQueries(<SubscriptionConfirmPage />, `/subscription/confirm#${TOKEN}`);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    });
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/already confirmed/));
  });

  it('confirm: an expired link shows the localized message of the answer, and the button stays', async () => {
    const message = 'This confirmation link has expired. Subscribe again to receive a new one';
    stubApi(() => jsonResponse({ error: { code: 'SUBSCRIPTION_LINK_EXPIRED', message } }, 410));
    await renderWithQueries(<SubscriptionConfirmPage />, `/subscription/confirm#${TOKEN}`);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    });
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.getByRole('button', { name: 'Confirm subscription' })).toBeTruthy();
  });

  it('a link without its token says so and offers no button', async () => {
    const calls = stubApi(() => jsonResponse({ ok: true }));
    await renderWithQueries(<SubscriptionUnsubscribePage />, '/subscription/unsubscribe#cut-off');
    expect(screen.getByRole('alert').textContent).toMatch(/This link is incomplete/);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('unsubscribe: posts the token in the body and says the address gets no more offers', async () => {
    const calls = stubApi(() => jsonResponse({ ok: true }));
    await renderWithQueries(<SubscriptionUnsubscribePage />, `/subscription/unsubscribe?lang=en#${TOKEN}`);
    expect(screen.getByRole('heading', { name: 'Unsubscribe from offers' })).toBeTruthy();
    expect(screen.getByText(/Coupons you already have stay valid/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    });
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/You are unsubscribed/));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { token: TOKEN } });
    expect(new URL(calls[0]!.url, 'http://local').pathname).toBe('/api/v1/subscriptions/unsubscribe');
  });
});

describe('the footer subscription form', () => {
  setUpComponentTests();

  const subscribe = async (email: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: 'Coupons by e-mail' }), {
      target: { value: email },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    });
  };

  it('asks the subscriber to confirm from the mailbox, and shows a refusal in the words of the server', async () => {
    const toasts = captureToasts();
    stubApi(() => jsonResponse({ ok: true }, 201));
    await renderWithQueries(<Footer />, '/index');
    await subscribe('buyer@example.com');
    // Under the form until the address is edited, not in a passing toast (QA: the next step is the reader's).
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Almost done: check your mailbox and open the link we sent to confirm your subscription.',
      ),
    );
    const refusal = 'This email is already subscribed';
    stubApi(() => jsonResponse({ error: { code: 'EMAIL_ALREADY_SUBSCRIBED', message: refusal } }, 409));
    await subscribe('buyer@example.com');
    expect(screen.getByRole('status').textContent).toBe('');
    // Beside the address it is about.
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(refusal));
    expect(screen.getByRole('textbox', { name: 'Coupons by e-mail' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(toasts).toEqual([]);
  });
});
