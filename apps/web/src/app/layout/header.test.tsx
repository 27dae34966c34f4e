import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithQueries, setUpComponentTests } from '../../testing/render';
import { Header } from './header';

function CurrentAddress() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

describe("the header's log-in and register links", () => {
  setUpComponentTests();

  it('bring the visitor back to the page they were on', async () => {
    await renderWithQueries(
      <>
        <Header />
        <CurrentAddress />
      </>,
      '/merchantSettled?tab=apply',
    );
    // The markup is the same on every page (one shared server-rendered header); the click adds the way back.
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    fireEvent.click(screen.getByRole('link', { name: 'Register' }));
    expect(screen.getByTestId('address').textContent).toBe(
      '/register?redirect=%2FmerchantSettled%3Ftab%3Dapply',
    );
  });

  it('from the home page lead to the plain form (home is where a log-in goes anyway)', async () => {
    await renderWithQueries(
      <>
        <Header />
        <CurrentAddress />
      </>,
      '/index',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByTestId('address').textContent).toBe('/login');
  });
});
