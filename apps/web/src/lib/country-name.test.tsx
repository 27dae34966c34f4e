import type { TAddress } from '@caravan/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AddressText } from '../components/address/address-text';
import { initTestI18n } from '../testing/i18n';
import { countryName } from './country-name';

describe('countryName', () => {
  it("names a country in the reader's language from its ISO code", () => {
    expect(countryName('de', 'DE')).toBe('Deutschland');
    expect(countryName('cn', 'DE')).toBe('德国');
    expect(countryName('tw', 'DE')).toBe('德國');
    expect(countryName('ar', 'EG')).toBe('مصر');
    expect(countryName('en', 'ph')).toBe('Philippines');
  });

  it('falls back to the stored name only when the code is unknown', () => {
    expect(countryName('de', 'DE', 'Germany')).toBe('Deutschland');
    expect(countryName('de', 'XX', 'Somewhere')).toBe('Somewhere');
    expect(countryName('de', '', 'Stored')).toBe('Stored');
  });
});

describe('AddressText', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('shows the country in the page language, not the English name stored with the address', async () => {
    await i18next.changeLanguage('fr');
    render(
      <AddressText
        address={
          {
            consignee: 'Ana',
            areaCode: '+49',
            phone: '3012345678',
            country: 'DE',
            countryName: 'Germany',
            state: 'BE',
            stateName: 'Berlin',
            city: 'Berlin',
            detail: 'Unter den Linden 1',
            postcode: '10117',
          } as TAddress
        }
      />,
    );
    expect(screen.getByText(/Allemagne/)).toBeTruthy();
    expect(screen.queryByText(/Germany/)).toBeNull();
    // Each part isolated in its own direction (a Latin street in an Arabic page kept its comma in place).
    expect([...document.querySelectorAll('bdi')].map((part) => part.textContent)).toEqual([
      'Ana',
      'Unter den Linden 1',
      'Berlin',
      'Berlin',
      'Allemagne',
      '10117',
    ]);
  });
});
