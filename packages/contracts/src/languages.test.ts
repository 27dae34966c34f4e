import { describe, expect, it } from 'vitest';
import { AMOUNT_ISOLATION, isolateAmounts } from './languages';

const LRI = '\u2066';
const PDI = '\u2069';

describe('isolateAmounts', () => {
  it('wraps each amount with its unit in a left-to-right isolate, and nothing else', () => {
    expect(isolateAmounts('المبلغ من 100,000.00 إلى 30,000,000.00 USDT')).toBe(
      `المبلغ من 100,000.00 إلى ${LRI}30,000,000.00 USDT${PDI}`,
    );
    expect(isolateAmounts('من 5 USDT إلى -1.5 USDT')).toBe(`من ${LRI}5 USDT${PDI} إلى ${LRI}-1.5 USDT${PDI}`);
    expect(isolateAmounts('بعملة USDT')).toBe('بعملة USDT');
  });

  it('as an i18next post-processor, touches right-to-left languages only', () => {
    const text = 'Pay 1,234.50 USDT';
    expect(AMOUNT_ISOLATION.process(text, 'k', { lng: 'ar' }, {})).toBe(`Pay ${LRI}1,234.50 USDT${PDI}`);
    expect(AMOUNT_ISOLATION.process(text, 'k', {}, { language: 'ar' })).toBe(`Pay ${LRI}1,234.50 USDT${PDI}`);
    expect(AMOUNT_ISOLATION.process(text, 'k', { lng: 'en' }, { language: 'ar' })).toBe(text);
    expect(AMOUNT_ISOLATION.process(text, 'k', {}, {})).toBe(text);
  });
});
