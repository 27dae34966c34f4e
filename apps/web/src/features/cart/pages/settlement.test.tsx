import type { TCart, TCheckoutPreview, TUserInfo } from '@caravan/contracts';
import errors from '@caravan/contracts/locales/en/errors.json';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import cart from '../../../locales/en/cart.json';
import orders from '../../../locales/en/orders.json';
import { goodsOnlyAmounts } from '../../../testing/orders';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import SettlementPage from './settlement';

const SELLER = { id: '12', name: 'Sahara Trading House' };

const CART: TCart = {
  groups: [
    {
      seller: SELLER,
      items: [
        {
          id: '1',
          productId: '12',
          variantId: '62',
          name: 'دبة قطيفة محمول',
          checkAttrName: 'أصفر',
          imgUrl: null,
          price: '8.78',
          count: 15,
          buyMin: 1,
          maxBuy: 147,
          stock: 147,
          isChecked: true,
          isAvailable: true,
          unavailableReason: null,
          lineTotal: '131.70',
          seller: SELLER,
        },
      ],
      checkAll: true,
      isIndeterminate: false,
      checkTotal: '131.70',
    },
  ],
  checkAll: true,
  isIndeterminate: false,
  checkedCount: 1,
  checkedTotal: '131.70',
  count: 1,
  maxBuy: 500,
};

const PREVIEW: TCheckoutPreview = {
  groups: [
    {
      seller: SELLER,
      items: [
        {
          productId: '12',
          variantId: '62',
          name: 'دبة قطيفة محمول',
          specification: 'أصفر',
          imgUrl: null,
          unitPrice: '8.78',
          quantity: 15,
          lineTotal: '131.70',
        },
      ],
      amounts: goodsOnlyAmounts('131.70'),
      remark: '',
    },
  ],
  total: '131.70',
  addressId: null,
  paymentMethods: ['balance'],
};

function answer(input: RequestInfo | URL, cartAnswer: TCart = CART) {
  const path = new URL(String(input), 'http://x').pathname;
  if (path.endsWith('/cart')) {
    return jsonResponse(cartAnswer);
  }
  if (path.endsWith('/orders/preview')) {
    return jsonResponse(PREVIEW);
  }
  if (path.endsWith('/addresses')) {
    return jsonResponse({ list: [], limit: 20 });
  }
  return jsonResponse({ list: [] });
}

describe('/settlement', () => {
  setUpComponentTests({ cart, orders, errors });
  afterEach(() => clearSession('logout'));

  it('isolates the name, the variant and "× 15" of a chosen line, the spaces between them outside', async () => {
    setSession({ userInfo: { id: '1' } as unknown as TUserInfo });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => answer(input)),
    );
    await renderWithQueries(<SettlementPage />, '/settlement');
    const quantity = await screen.findByText('× 15');
    // A leading space inside the left-to-right run put "15" against an Arabic colour: "أصفر15 ×".
    expect(quantity.getAttribute('dir')).toBe('ltr');
    expect(quantity.textContent).toBe('× 15');
    const line = quantity.parentElement as HTMLElement;
    expect(line.textContent).toBe('دبة قطيفة محمول · أصفر × 15');
    expect([...line.querySelectorAll('bdi')].map((part) => part.textContent)).toEqual([
      'دبة قطيفة محمول',
      'أصفر',
    ]);
  });
  it('keeps a remark past 255 characters whole and says beside it that it is too long', async () => {
    setSession({ userInfo: { id: '1' } as unknown as TUserInfo });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => answer(input)),
    );
    await renderWithQueries(<SettlementPage />, '/settlement');
    const remark = (await screen.findByPlaceholderText(
      cart.settlement.remarkPlaceholder,
    )) as HTMLTextAreaElement;
    const error = document.getElementById(remark.getAttribute('aria-describedby') ?? '') as HTMLElement;
    expect(error.textContent).toBe('');
    fireEvent.change(remark, { target: { value: 'Please pack the lamps apart. '.repeat(10) } });
    expect(remark.value).toHaveLength(290);
    // Only a toast on Place order said so, gone in seconds (QA).
    expect(error.textContent).toBe('At most 255 characters');
    expect(error.getAttribute('role')).toBe('status');
    fireEvent.change(remark, { target: { value: 'Please pack the lamps apart.' } });
    expect(error.textContent).toBe('');
  });

  it("keeps the place-order bar's sum in one block beside the button (one row on a phone)", async () => {
    setSession({ userInfo: { id: '1' } as unknown as TUserInfo });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => answer(input)),
    );
    await renderWithQueries(<SettlementPage />, '/settlement');
    const bar = await screen.findByTestId('settle-bar');
    await waitFor(() => expect(bar.querySelector('.cv-settle-bar__amount')?.textContent).toBe('131.70 USDT'));
    // Two children: the phone's row puts the sum at the start and the button at the end (cart.css).
    expect([...bar.children].map((child) => child.className.split(' ')[0])).toEqual([
      'cv-settle-bar__sum',
      'ant-btn',
    ]);
    const sum = bar.querySelector('.cv-settle-bar__sum') as HTMLElement;
    expect(sum.querySelector('.cv-settle-bar__count')?.textContent).toBe(
      cart.settlement.orderCount_one.replace('{{count}}', '1'),
    );
    expect(sum.querySelector('.cv-settle-bar__label')?.textContent).toBe(cart.settlement.grandTotal);
    expect(sum.querySelector('.cv-settle-bar__amount')?.textContent).toBe('131.70 USDT');
    // The dot between count and label is drawn for the eye only.
    expect(sum.querySelector('.cv-settle-bar__sep')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('says why a line cannot be bought, as the cart drawer does', async () => {
    setSession({ userInfo: { id: '1' } as unknown as TUserInfo });
    const available = CART.groups[0]!.items[0]!;
    const soldOut = {
      ...available,
      id: '2',
      variantId: '63',
      name: 'Elegant Wool Jackets',
      checkAttrName: 'Red / L',
    };
    Object.assign(soldOut, {
      count: 2,
      stock: 0,
      maxBuy: 1,
      isChecked: false,
      isAvailable: false,
      unavailableReason: 'INSUFFICIENT_STOCK',
    });
    const overLimit = { ...available, id: '3', variantId: '64', name: 'Cotton Scarf', checkAttrName: '' };
    Object.assign(overLimit, { count: 30, stock: 12, maxBuy: 12, isChecked: false });
    const withProblems: TCart = {
      ...CART,
      groups: [{ ...CART.groups[0]!, items: [available, soldOut, overLimit] }],
      count: 3,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => answer(input, withProblems)),
    );
    await renderWithQueries(<SettlementPage />, '/settlement');
    await screen.findByText('× 2');
    const problems = screen.getAllByTestId('line-problem').map((node) => node.textContent);
    expect(problems).toEqual([
      errors.INSUFFICIENT_STOCK,
      'Only 12 can be bought now: lower the quantity to check out',
    ]);
    // Each reason stands under its own line.
    expect(screen.getByText('× 2').closest('div')?.textContent).toContain(errors.INSUFFICIENT_STOCK);
  });
});
