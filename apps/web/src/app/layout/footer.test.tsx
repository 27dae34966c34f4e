import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithQueries, setUpComponentTests } from '../../testing/render';
import { RenderYearContext } from '../render-year';
import { copyrightYears, Footer } from './footer';

describe('the footer', () => {
  setUpComponentTests();

  it('leads a logged-out seller to the seller centre log-in, apart from the buyer log-in', async () => {
    await renderWithQueries(<Footer />, '/index');
    expect(screen.getByRole('link', { name: 'Seller centre log-in' }).getAttribute('href')).toBe(
      '/seller/login',
    );
  });

  it('runs the copyright from 2023 to the year the page was rendered in, not a fixed 2023 (QA langs 5)', async () => {
    await renderWithQueries(
      <RenderYearContext.Provider value={2026}>
        <Footer />
      </RenderYearContext.Provider>,
      '/index',
    );
    // One left-to-right run: in an Arabic sentence a bare "2023–2026" reads "2026–2023".
    expect(screen.getByText(/Caravan\. All rights reserved\./).textContent).toBe(
      '© \u20662023–2026\u2069 Caravan. All rights reserved.',
    );
    expect(copyrightYears(2023)).toBe('2023');
  });
});
