import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ButtonLink } from './button-link';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLink(onClick?: () => void) {
  const router = createMemoryRouter(
    [
      {
        path: '/userInfo/money-package',
        element: (
          <ButtonLink to="/userInfo/money-package/recharge" type="primary" onClick={onClick}>
            Recharge
          </ButtonLink>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/userInfo/money-package'] },
  );
  render(<RouterProvider router={router} />);
}

describe('ButtonLink', () => {
  afterEach(cleanup);

  it('is one link styled as a button, with no button inside it (one tab stop)', () => {
    renderLink();
    const link = screen.getByRole('link', { name: 'Recharge' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/userInfo/money-package/recharge');
    expect(link.classList.contains('ant-btn')).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
    expect(link.querySelector('a, button')).toBeNull();
  });

  it('opens its page in the app, after its own click handler', () => {
    const onClick = vi.fn();
    renderLink(onClick);
    const event = fireEvent.click(screen.getByRole('link', { name: 'Recharge' }));
    // The click was taken over by the app (not a document load) and the router went there.
    expect(event).toBe(false);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByTestId('where').textContent).toBe('/userInfo/money-package/recharge');
  });
});
