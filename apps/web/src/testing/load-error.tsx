import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { jsonResponse, renderWithQueries } from './render';

export type TLoadErrorCase = {
  /** The API path whose first answer fails (500) and whose second answer is `body`. */
  path: string;
  body: unknown;
  /** What the page says when the load fails. */
  errorText: string;
  /** What the page shows once `body` has loaded. */
  shown: string;
};

/**
 * Renders `ui` with a failing first load of `path`, checks the error and that the page's data is absent, clicks
 * "Try again" and checks that the list is asked for again and shown. Other API paths answer `{}`.
 */
export async function expectLoadErrorThenRetry(
  ui: ReactElement,
  { path, body, errorText, shown }: TLoadErrorCase,
) {
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== path) {
        return jsonResponse({});
      }
      calls += 1;
      if (calls === 1) {
        return jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'database is down' } }, 500);
      }
      return jsonResponse(body);
    }),
  );
  await renderWithQueries(ui);
  await waitFor(() => expect(screen.getByText(errorText)).toBeTruthy());
  expect(screen.queryByText(shown)).toBeNull();

  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  });
  await waitFor(() => expect(screen.getByText(shown)).toBeTruthy());
  expect(screen.queryByText(errorText)).toBeNull();
  expect(calls).toBe(2);
}
