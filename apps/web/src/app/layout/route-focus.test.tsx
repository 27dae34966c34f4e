import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteFocus } from './route-focus';

function Page({ name, to }: { name: string; to: string }) {
  const navigate = useNavigate();
  return (
    <>
      <RouteFocus />
      <main id="main" tabIndex={-1}>
        <h1>{name}</h1>
        <button type="button" onClick={() => void navigate(to)}>
          go {to}
        </button>
        <input aria-label="search" />
      </main>
    </>
  );
}

describe('RouteFocus', () => {
  afterEach(cleanup);

  it("puts the focus on the new page's main content when the old page took it away, and not otherwise", async () => {
    const router = createMemoryRouter(
      [
        { path: '/a', element: <Page name="A" to="/b" /> },
        { path: '/b', element: <Page name="B" to="/a" /> },
      ],
      { initialEntries: ['/a'] },
    );
    const view = render(<RouterProvider router={router} />);
    // The first page keeps the browser's own start.
    expect(document.activeElement).toBe(document.body);
    const goB = view.getByRole('button', { name: 'go /b' });
    goB.focus();
    goB.blur();
    await act(async () => {
      await router.navigate('/b');
    });
    expect(document.activeElement?.id).toBe('main');

    // A field the visitor went on to type in keeps the focus.
    const search = view.getByRole('textbox', { name: 'search' });
    search.focus();
    await act(async () => {
      await router.navigate('/a');
    });
    expect(document.activeElement).toBe(view.getByRole('textbox', { name: 'search' }));
  });
});
