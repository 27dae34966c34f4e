import { describe, expect, it } from 'vitest';
import { cssRulesOf } from '../../testing/css-rules';

// jsdom lays nothing out and tests read no styles: the rule itself is checked.
const declarationsOf = cssRulesOf('apps/web/src/components/order/order.css');

describe('order.css goods names', () => {
  it('cuts every long name with an ellipsis, also one whose word is wider than the line', () => {
    const rule = declarationsOf('.cv-order-goods__name');
    expect(rule).toContain('text-overflow: ellipsis');
    expect(rule).toContain('-webkit-line-clamp: 2');
    // A word wider than the line was clipped sideways mid-phrase, with no "…" (an Arabic phone at 390 px).
    expect(rule).toContain('overflow-wrap: anywhere');
    expect(rule).toContain('min-inline-size: 0');
  });
});
