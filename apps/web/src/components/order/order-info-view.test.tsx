import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import cartEn from '../../locales/en/cart.json';
import ordersEn from '../../locales/en/orders.json';
import { cssRulesOf } from '../../testing/css-rules';
import { orderInfoFixture } from '../../testing/orders';
import { setUpComponentTests } from '../../testing/render';
import { OrderDrawer } from './order-drawer';
import { OrderInfoView } from './order-info-view';

describe('OrderInfoView', () => {
  setUpComponentTests({ orders: ordersEn, cart: cartEn });
  afterEach(() => vi.restoreAllMocks());

  it('keeps the order number whole, left to right and isolated, its row wrapping instead (QA seller 12)', () => {
    const orderNo = '20261205701485312657';
    // The buyer's page and the seller's and console's drawers all show the order through OrderInfoView.
    render(
      <OrderDrawer orderNo={orderNo} isLoading={false} onClose={() => undefined}>
        <OrderInfoView order={orderInfoFixture({ orderNo })} />
      </OrderDrawer>,
    );
    const numbers = screen.getAllByText(orderNo);
    // The details' row and the drawer's title ("Order 2026…").
    expect(numbers).toHaveLength(2);
    for (const number of numbers) {
      expect(number.tagName).toBe('BDI');
      expect(number.getAttribute('dir')).toBe('ltr');
      expect(number.classList.contains('cv-order-no')).toBe(true);
    }
    expect(
      numbers.some((number) => number.closest('.cv-value-below-item .ant-descriptions-item-content')),
    ).toBe(true);
    const rules = cssRulesOf('apps/web/src/components/order/order.css');
    expect(rules('.cv-order-no')).toContain('white-space: nowrap');
    expect(rules('.cv-value-below-item .ant-descriptions-item-container')).toContain('flex-wrap: wrap');
    expect(rules('.cv-value-below-item .ant-descriptions-item-content')).toContain('flex-basis: auto');
  });

  it('puts a tracking number below its label rather than break it beside the label (QA, session 50)', () => {
    const trackingNo = '1Z999AA10123456784';
    render(<OrderInfoView order={orderInfoFixture({ carrier: 'UPS', trackingNo })} />);
    const tracking = screen.getByText(trackingNo);
    expect(tracking.getAttribute('dir')).toBe('ltr');
    expect(tracking.closest('.cv-value-below-item .ant-descriptions-item-content')).not.toBeNull();
  });

  it('shows what the buyer and the seller wrote in its own direction (English texts in an Arabic page)', () => {
    render(
      <OrderInfoView
        order={orderInfoFixture({
          statusName: 'reviewed',
          remark: 'Please ring twice.',
          review: { rating: 'good', content: 'Soft and well sewn.', images: [], isDefault: false },
          refund: {
            kind: 'refund',
            reason: 1,
            amount: '12.50',
            description: 'One puzzle arrived torn.',
            images: [],
            status: 'fail',
            rejectReason: 'The photo shows another product.',
            createdAt: '2026-12-03T10:00:00.000Z',
            decidedAt: '2026-12-04T10:00:00.000Z',
          },
        })}
      />,
    );
    for (const text of [
      'Please ring twice.',
      'Soft and well sewn.',
      'One puzzle arrived torn.',
      'The photo shows another product.',
      'Invalidenstrasse 1',
    ]) {
      expect(screen.getByText(text).getAttribute('dir'), text).toBe('auto');
    }
    // Numbers and codes read left to right in any page: "+49 …" had become "… 49+" in the Arabic console.
    for (const text of [/^\+\d+ \d+$/, /^CV|^\d{8,}$/]) {
      expect(screen.getAllByText(text)[0]?.getAttribute('dir'), String(text)).toBe('ltr');
    }
  });

  it("names a platform's refund, which has no reason of the buyer's, instead of showing a dictionary key", () => {
    render(
      <OrderInfoView
        order={orderInfoFixture({
          statusName: 'refund',
          refund: {
            kind: 'return',
            reason: 0,
            amount: '23.91',
            description: 'Parcel lost',
            images: [],
            status: 'success',
            rejectReason: null,
            createdAt: '2026-12-03T10:00:00.000Z',
            decidedAt: '2026-12-03T10:00:00.000Z',
          },
        })}
      />,
    );
    expect(screen.getByText('Refund by the platform')).toBeTruthy();
    expect(screen.queryByText('returnReasons.0')).toBeNull();
  });
});
