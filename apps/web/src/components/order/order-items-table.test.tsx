import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ordersEn from '../../locales/en/orders.json';
import { layOutAt } from '../../testing/layout';
import { setUpComponentTests } from '../../testing/render';
import { OrderItemsTable } from './order-items-table';

const ITEMS = [
  {
    id: '1',
    productId: '10',
    variantId: '100',
    name: 'Stainless thermos 500 ml',
    specification: 'Colour: Red',
    imgUrl: null,
    unitPrice: '12.5',
    quantity: 3,
    lineTotal: '37.5',
  },
  {
    id: '2',
    productId: '11',
    variantId: null,
    name: 'Bamboo cutting board',
    specification: '',
    imgUrl: null,
    unitPrice: '1234.5',
    quantity: 1,
    lineTotal: '1234.5',
  },
];

describe('OrderItemsTable', () => {
  setUpComponentTests({ orders: ordersEn });
  afterEach(() => vi.restoreAllMocks());

  it('is a table with the five columns where they fit', () => {
    layOutAt(800);
    render(<OrderItemsTable items={ITEMS} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      ordersEn.detail.commodity,
      ordersEn.detail.specification,
      ordersEn.detail.unitPrice,
      ordersEn.detail.quantity,
      ordersEn.detail.lineTotal,
    ]);
    expect(screen.queryByRole('list', { name: ordersEn.detail.items })).toBeNull();
  });

  it('stacks each line with its named figures on a phone, and turns back into a table when wide', () => {
    const resizeTo = layOutAt(328);
    render(<OrderItemsTable items={ITEMS} />);
    expect(screen.queryByRole('table')).toBeNull();
    const lines = within(screen.getByRole('list', { name: ordersEn.detail.items })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    const [first, second] = lines as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Stainless thermos 500 ml');
    expect(first.textContent).toContain('Colour: Red');
    const figures = [...first.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(figures).toEqual([
      [ordersEn.detail.unitPrice, expect.stringContaining('12.50')],
      [ordersEn.detail.quantity, '3'],
      [ordersEn.detail.lineTotal, expect.stringContaining('37.50')],
    ]);
    // A line without options shows no empty options row.
    expect(second.querySelector('.cv-order-line__spec')).toBeNull();
    expect(second.textContent).toContain('1,234.50');

    resizeTo(900);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByRole('list', { name: ordersEn.detail.items })).toBeNull();
  });
});
