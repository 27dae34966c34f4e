import type { TAddress } from '@caravan/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findTextDirection } from '../../lib/bidi';
import { initTestI18n } from '../../testing/i18n';
import { AddressText } from './address-text';

const BERLIN = {
  consignee: 'Demo Buyer',
  areaCode: '+49',
  phone: '15112345678',
  country: 'DE',
  countryName: 'Germany',
  state: 'BE',
  stateName: 'Berlin',
  city: 'Berlin',
  detail: 'Invalidenstrasse 1',
  postcode: '10115',
} as TAddress;

describe('AddressText in a right-to-left page', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('runs a Latin address left to right, each part isolated, so its commas follow the parts', async () => {
    await i18next.changeLanguage('ar');
    render(<AddressText address={BERLIN} />);
    // Laid out right to left, the line read "Berlin ,Berlin ,Invalidenstrasse 1": the commas before each part.
    const place = screen.getByText('Invalidenstrasse 1').parentElement as HTMLElement;
    expect(place.getAttribute('dir')).toBe('ltr');
    expect(place.textContent).toBe('Invalidenstrasse 1, Berlin, Berlin, ألمانيا 10115');
    expect([...place.children].map((part) => [part.tagName, part.textContent])).toEqual([
      ['BDI', 'Invalidenstrasse 1'],
      ['BDI', 'Berlin'],
      ['BDI', 'Berlin'],
      ['BDI', 'ألمانيا'],
      ['BDI', '10115'],
    ]);
    expect(place.lastElementChild?.getAttribute('dir')).toBe('ltr');
  });

  it('runs an address typed in Arabic right to left', async () => {
    await i18next.changeLanguage('ar');
    render(
      <AddressText
        address={{
          ...BERLIN,
          country: 'EG',
          detail: '12 شارع التحرير',
          city: 'القاهرة',
          stateName: 'القاهرة',
        }}
      />,
    );
    const place = screen.getByText('12 شارع التحرير').parentElement as HTMLElement;
    expect(place.getAttribute('dir')).toBe('rtl');
    expect(place.textContent).toBe('12 شارع التحرير, القاهرة, القاهرة, مصر 10115');
  });
});

describe('findTextDirection', () => {
  it('takes the direction of the first letter, as dir="auto" does', () => {
    expect(findTextDirection('1 Invalidenstrasse, Berlin')).toBe('ltr');
    expect(findTextDirection('12 شارع التحرير, Cairo')).toBe('rtl');
    expect(findTextDirection('רחוב הרצל 5')).toBe('rtl');
    expect(findTextDirection('東京都')).toBe('ltr');
    expect(findTextDirection('12-34 ')).toBeUndefined();
  });
});
