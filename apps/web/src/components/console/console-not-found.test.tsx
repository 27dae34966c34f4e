import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { ConsoleNotFound } from './console-not-found';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('ConsoleNotFound', () => {
  setUpComponentTests();

  it("says the page does not exist and leads to the console's start page in the app", async () => {
    const router = createMemoryRouter(
      [
        { path: '/seller', element: <Where /> },
        { path: '/seller/*', element: <ConsoleNotFound basePath="/seller" /> },
      ],
      { initialEntries: ['/seller/finance'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist or has moved.')).toBeTruthy();
    const link = screen.getByRole('link', { name: "Go to the console's start page" });
    expect(link.getAttribute('href')).toBe('/seller');
    fireEvent.click(link);
    expect((await screen.findByTestId('where')).textContent).toBe('/seller');
  });
});
