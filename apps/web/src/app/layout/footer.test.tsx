import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import commonEn from '../../locales/en/common.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../testing/render';
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

  it('keeps "check your mailbox" under the form, and a refusal beside the address, not in passing toasts (QA)', async () => {
    const answers = [
      jsonResponse({ ok: true }, 201),
      jsonResponse(
        { error: { code: 'TOO_FREQUENT', message: 'This email is already subscribed', details: {} } },
        429,
      ),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()),
    );
    await renderWithQueries(<Footer />, '/index');
    const address = screen.getByRole('textbox', { name: commonEn.footer.subscribeTitle });
    const subscribe = screen.getByRole('button', { name: commonEn.footer.subscribe });
    fireEvent.change(address, { target: { value: 'buyer.one@example.com' } });
    await act(async () => fireEvent.click(subscribe));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(commonEn.footer.subscribePending),
    );
    fireEvent.change(address, { target: { value: 'buyer.one@example.com' } });
    expect(screen.getByRole('status').textContent).toBe('');
    await act(async () => fireEvent.click(subscribe));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('This email is already subscribed'),
    );
    expect(address.getAttribute('aria-invalid')).toBe('true');
  });
});
