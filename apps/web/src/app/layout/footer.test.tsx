import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithQueries, setUpComponentTests } from '../../testing/render';
import { Footer } from './footer';

describe('the footer', () => {
  setUpComponentTests();

  it('leads a logged-out seller to the seller centre log-in, apart from the buyer log-in', async () => {
    await renderWithQueries(<Footer />, '/index');
    expect(screen.getByRole('link', { name: 'Seller centre log-in' }).getAttribute('href')).toBe(
      '/seller/login',
    );
  });
});
