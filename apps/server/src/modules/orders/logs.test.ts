import { describe, expect, it } from 'vitest';
import { renderOrderLog } from './logs';

describe('order history texts', () => {
  it('show a stored amount grouped by thousands, as every page shows amounts', () => {
    expect(renderOrderLog('en', 'refundRequested', { amount: '1234.50' })).toBe(
      'Refund requested: 1,234.50 USDT',
    );
    expect(renderOrderLog('en', 'refundSucceeded', { amount: '80.00' })).toBe('Refund succeeded: 80.00 USDT');
    // Kept in writing order inside Arabic text.
    expect(renderOrderLog('ar', 'refundRequested', { amount: '1234.50' })).toContain(
      '\u20661,234.50 USDT\u2069',
    );
    expect(renderOrderLog('en', 'inTransit', { carrier: 'DHL', trackingNo: '1234567' })).toBe(
      'Shipped, in transit: DHL 1234567',
    );
  });
});
