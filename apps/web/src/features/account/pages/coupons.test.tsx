import { type TUserCoupon, WELCOME_COUPON_NAME } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import servicesAr from '../../../locales/ar/services.json';
import servicesEn from '../../../locales/en/services.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import CouponsPage from './coupons';

const coupon = (id: string, name: string): TUserCoupon => ({
  id,
  code: `CODE${id}`,
  name,
  kind: 'amount',
  amountOff: '5.00',
  percentOff: 0,
  minSpend: '50.00',
  validUntil: '2099-01-01T00:00:00.000Z',
  status: 'available',
  orderId: null,
});

describe('Account -> Coupons', () => {
  setUpComponentTests({ services: servicesEn });
  failOnAntdWarnings();

  it("names the platform's welcome coupon in the buyer's language and a campaign's own name as written", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ list: [coupon('1', WELCOME_COUPON_NAME), coupon('2', 'Ramadan 2026')] }),
      ),
    );
    i18next.addResourceBundle('ar', 'services', servicesAr, true, true);
    await i18next.changeLanguage('ar');
    try {
      await renderWithQueries(<CouponsPage />);
      expect(await screen.findByText(servicesAr.coupon.welcomeName)).toBeTruthy();
      expect(screen.getByText('Ramadan 2026')).toBeTruthy();
      expect(screen.queryByText(WELCOME_COUPON_NAME)).toBeNull();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('claims once on Enter pressed twice, and says a refusal under the box until the code changes (QA)', async () => {
    let answer: (response: Response) => void = () => undefined;
    const claims: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method !== 'POST') {
          return jsonResponse({ list: [] });
        }
        claims.push(String(init.body));
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    await renderWithQueries(<CouponsPage />);
    const box = await screen.findByRole('textbox', { name: servicesEn.coupon.codeLabel });
    fireEvent.change(box, { target: { value: 'qa-pct15' } });
    // Two Enters before the first answer: two coupons of a campaign allowing two a buyer were claimed.
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(claims).toHaveLength(1));
    const message = 'This coupon code does not exist';
    await act(async () =>
      answer(jsonResponse({ error: { code: 'COUPON_NOT_FOUND', message, details: {} } }, 404)),
    );
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe(message);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(refusal.id);
    fireEvent.change(box, { target: { value: 'qa-pct16' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(claims).toHaveLength(1);
  });
});
