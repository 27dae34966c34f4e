import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { initTestI18n } from './i18n';

/**
 * Renders `ui` inside what the app gives a page: a fresh query cache that does not retry, and a router at `url`
 * (for pages that read their address, e.g. `/paySuccess?orderNos=…`).
 */
export async function renderWithQueries(ui: ReactElement, url = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      </QueryClientProvider>,
    );
  });
}

/** An API answer with a JSON body. */
export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A component-test block's set-up: the English dictionaries (and `bundles`, e.g. the console's, by namespace)
 * before its tests, a clean DOM and the real `fetch` after each.
 */
export function setUpComponentTests(bundles: Record<string, object> = {}) {
  beforeAll(async () => {
    const i18n = await initTestI18n();
    for (const [namespace, bundle] of Object.entries(bundles)) {
      i18n.addResourceBundle('en', namespace, bundle, true, true);
    }
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
