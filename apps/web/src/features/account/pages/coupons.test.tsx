import { type TUserCoupon, WELCOME_COUPON_NAME } from '@caravan/contracts';
import { screen } from '@testing-library/react';
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
});
