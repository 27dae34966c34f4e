import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productDetailFixture } from '../../../testing/product-cards';
import { renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { BuyBox } from './buy-box';

// Product 401 of the QA report: selling 12.50, discount 11.00; Gold takes the product's (discounted) price,
// Silver has a price of its own, 13.50, which no discount lowers.
const PRODUCT = productDetailFixture({
  id: '401',
  name: 'QA Test Lantern',
  categoryPath: [],
  price: '11.00',
  retailPrice: '12.50',
  originalPrice: '12.50',
  sellingPrice: '12.50',
  discountPrice: '11.00',
  isDiscounted: true,
  freight: { dispatchFee: '1.00', longDistanceFee: '0.00', deliveryFee: '1.00', total: '2.00' },
  stock: 20,
  maxBuy: 20,
  attributes: [
    {
      code: 'a1',
      name: 'Colour',
      values: [
        { code: 'v1', name: 'Gold' },
        { code: 'v2', name: 'Silver' },
      ],
    },
  ],
  variants: [
    { id: '1', attrs: { a1: 'v1' }, name: 'Gold', price: '11.00', stock: 10 },
    { id: '2', attrs: { a1: 'v2' }, name: 'Silver', price: '13.50', stock: 10 },
  ],
  store: { ...productDetailFixture().store, id: '1', name: 'Caravan Demo Trading Co.' },
});

describe('BuyBox price', () => {
  setUpComponentTests();

  it('shows the Sale badge and the struck price only for a variant whose price is reduced', async () => {
    await renderWithQueries(<BuyBox product={PRODUCT} />, '/productDetails?id=401');
    const price = screen.getByTestId('product-price');
    expect(price.textContent).toContain('11.00');
    expect(price.textContent).toContain('12.50');
    expect(price.textContent).toContain('Sale');

    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Silver' }));
    });
    expect(price.textContent).toContain('13.50');
    expect(price.textContent).not.toContain('12.50');
    expect(price.textContent).not.toContain('Sale');
    expect(price.querySelector('.cv-card__badge')).toBeNull();
  });

  it('says so beside the box when a typed quantity was brought within the limits (it changed without a word)', async () => {
    await renderWithQueries(<BuyBox product={PRODUCT} />, '/productDetails?id=401');
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Gold' }));
    });
    const box = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    const limits = screen.getByTestId('buy-limits');
    expect(limits.getAttribute('role')).toBe('status');
    expect(limits.className).not.toContain('cv-buy-limits--adjusted');
    const said = limits.firstElementChild;
    fireEvent.change(box, { target: { value: '50' } });
    fireEvent.blur(box);
    expect(box.value).toBe('10');
    expect(limits.className).toContain('cv-buy-limits--adjusted');
    // Drawn anew in its live region, so a screen reader says the limits again.
    expect(limits.firstElementChild).not.toBe(said);
    expect(limits.textContent).toBe(said?.textContent);
    fireEvent.change(box, { target: { value: '3' } });
    fireEvent.blur(box);
    expect(limits.className).not.toContain('cv-buy-limits--adjusted');
  });
});
