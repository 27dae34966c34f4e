import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ordersEn from '../../locales/en/orders.json';
import { setUpComponentTests } from '../../testing/render';
import { OrderLogistics } from './order-logistics';

describe('OrderLogistics', () => {
  setUpComponentTests({ orders: ordersEn });

  it('strikes through the lines a tracking correction replaced and leaves the current one plain', () => {
    render(
      <OrderLogistics
        entries={[
          {
            id: '1',
            content: 'DHL TRK-ORIGINAL-111',
            createTime: '2026-12-05T08:00:00.000Z',
            supersededTime: '2026-12-05T09:00:00.000Z',
          },
          {
            id: '2',
            content: 'Arrived at the sorting centre',
            createTime: '2026-12-05T08:30:00.000Z',
            supersededTime: null,
          },
          {
            id: '3',
            content: 'DHL TRK-CORRECTED-222',
            createTime: '2026-12-05T09:00:00.000Z',
            supersededTime: null,
          },
        ]}
      />,
    );
    const replaced = screen.getByText('DHL TRK-ORIGINAL-111');
    expect(replaced.tagName).toBe('DEL');
    expect(replaced.parentElement?.textContent).toContain(ordersEn.logistics.superseded);
    expect(screen.getAllByText(ordersEn.logistics.superseded)).toHaveLength(1);
    for (const current of ['DHL TRK-CORRECTED-222', 'Arrived at the sorting centre']) {
      expect(screen.getByText(current).tagName).toBe('DIV');
      expect(screen.getByText(current).closest('del')).toBeNull();
    }
  });
});
