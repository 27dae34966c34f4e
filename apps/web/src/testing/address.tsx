import { fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { type Mock, vi } from 'vitest';
import { jsonResponse, renderWithQueries } from './render';

/** The router's address after the path (`?pageNum=2`), for a test to read: `screen.getByTestId('address')`. */
export function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

/** The address `Address` shows: its parameters, by name. */
export function addressParams(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(screen.getByTestId('address').textContent ?? ''));
}

/** The reads of `pathname` a stubbed `fetch` was asked for, oldest first. */
export function readsOf(fetchMock: Mock, pathname: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === pathname);
}

/** The parameters of the last read of `pathname`, by name (an unanswered list read fails the test). */
export function lastReadParams(fetchMock: Mock, pathname: string): Record<string, string> {
  const read = readsOf(fetchMock, pathname).at(-1);
  if (!read) {
    throw new Error(`No read of ${pathname}`);
  }
  return Object.fromEntries(read.searchParams);
}

/** The text an Ant Design Select named `label` shows: the chosen option's label, or '' with none. */
export function selectShown(label: string): string {
  const root = screen.getByRole('combobox', { name: label }).closest('.ant-select');
  return root?.querySelector('.ant-select-content-has-value')?.textContent ?? '';
}

/** Opens the Ant Design Select named `label` and chooses the option whose label is `option`. */
export async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = (await screen.findAllByTitle(option)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (!item) {
    throw new Error(`No option ${option} in ${label}`);
  }
  fireEvent.click(item);
}

/**
 * `Page` rendered at `url` beside `Address`, every read answered with `answer`; waits for `shown` when given (a
 * record of the list). Returns the stubbed fetch, to read what the page asked for.
 */
export async function renderPageAt(Page: ComponentType, url: string, answer: object, shown?: string) {
  const fetchMock = vi.fn(async () => jsonResponse(answer));
  vi.stubGlobal('fetch', fetchMock);
  await renderWithQueries(
    <>
      <Page />
      <Address />
    </>,
    url,
  );
  if (shown !== undefined) {
    await screen.findByText(shown);
  }
  return fetchMock;
}
