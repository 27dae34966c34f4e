import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// jsdom lays nothing out and tests read no styles: the rule itself is checked.
const CSS_PATH = ['apps/web/src/components/order/order.css', 'src/components/order/order.css'].find((path) =>
  existsSync(path),
);
const css = CSS_PATH ? readFileSync(CSS_PATH, 'utf8') : '';

function declarationsOf(selector: string): string {
  const start = css.indexOf(`\n${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  return css.slice(start, css.indexOf('}', start));
}

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
