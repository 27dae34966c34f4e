import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { RouteError } from './route-error';

function FailingPage(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/withdraw-old.js');
}

describe('RouteError', () => {
  setUpComponentTests();

  it('says that the page failed, offers to load it again and the way home, instead of an empty page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        { path: '/index', element: <p>Home</p> },
        { path: '/userInfo/withdraw', element: <FailingPage />, errorElement: <RouteError /> },
      ],
      { initialEntries: ['/userInfo/withdraw'] },
    );
    render(<RouterProvider router={router} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong, please try again');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/index');
  });
});
