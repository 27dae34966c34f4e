import { existsSync, readFileSync } from 'node:fs';
import { HEADER_SHRINK_PX } from '@caravan/contracts/constants';
import { describe, expect, it } from 'vitest';

/**
 * The rules a stylesheet gives phones (its `@media (max-width: 767px)` blocks), for tests of CSS jsdom cannot lay
 * out: the sizes measured in Chromium at 360 px are in docs/decisions.md (phone fixes, 2026-12-05).
 */
function phoneRulesOf(path: string): (selector: string) => string {
  const found = [path, path.replace(/^apps\/web\//, '')].find((candidate) => existsSync(candidate));
  const css = found ? readFileSync(found, 'utf8') : '';
  const blocks: string[] = [];
  for (let at = css.indexOf('@media (max-width: 767px) {'); at >= 0; ) {
    let depth = 0;
    let end = css.indexOf('{', at);
    do {
      if (css[end] === '{') {
        depth += 1;
      } else if (css[end] === '}') {
        depth -= 1;
      }
      end += 1;
    } while (depth > 0 && end < css.length);
    blocks.push(css.slice(at, end));
    at = css.indexOf('@media (max-width: 767px) {', end);
  }
  const phone = blocks.join('\n');
  return (selector) => {
    const start = phone.search(
      new RegExp(`(^|\\n|,\\n)\\s*${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(,\\n[^{]*)? \\{`),
    );
    expect(start, selector).toBeGreaterThanOrEqual(0);
    return phone.slice(start, phone.indexOf('}', start));
  };
}

function pixels(rule: string, property: string): number {
  return Number(new RegExp(`(?:^|[\\s;{])${property}:\\s*(-?\\d+)px`).exec(rule)?.[1]);
}

const globalPhone = phoneRulesOf('apps/web/src/app/global.css');
const cartPhone = phoneRulesOf('apps/web/src/features/cart/components/cart.css');

describe('phone layout (360 px QA pass, 2026-12-05)', () => {
  it('makes the compact header one 56 px row of logo and icons, the account links hidden', () => {
    expect(HEADER_SHRINK_PX).toBe(78);
    const bar = globalPhone('.cv-header--compact .cv-header__bar');
    expect(bar).toContain('flex-wrap: nowrap');
    expect(pixels(bar, 'height')).toBe(56);
    expect(globalPhone('.cv-header--compact .cv-account')).toContain('display: none');
    expect(globalPhone('.cv-header--compact .cv-header__search')).toContain('display: none');
  });

  it("gives phones' touch controls 40 px, the main ones 44 px", () => {
    expect(pixels(globalPhone('.ant-btn:not(.ant-btn-lg)'), 'height')).toBeGreaterThanOrEqual(40);
    expect(
      pixels(globalPhone('.ant-btn.ant-btn-icon-only:not(.ant-btn-lg)'), 'width'),
    ).toBeGreaterThanOrEqual(40);
    expect(pixels(globalPhone('.ant-btn.ant-btn-lg'), 'height')).toBeGreaterThanOrEqual(44);
    expect(pixels(globalPhone('.cv-btn'), 'min-height')).toBeGreaterThanOrEqual(40);
    const headerIcons = globalPhone('.cv-header .cv-btn--icon');
    expect(pixels(headerIcons, 'width')).toBeGreaterThanOrEqual(44);
    expect(pixels(headerIcons, 'height')).toBeGreaterThanOrEqual(44);
    // The stepper's minus and plus: 44 px inside its 1 px border.
    expect(pixels(globalPhone('.cv-stepper'), 'height')).toBeGreaterThanOrEqual(46);
    expect(pixels(globalPhone('.cv-stepper button'), 'width')).toBeGreaterThanOrEqual(44);
    expect(pixels(cartPhone('.cv-cart-item .cv-stepper'), 'height')).toBeGreaterThanOrEqual(46);
    expect(pixels(cartPhone('.cv-cart-item .cv-stepper button'), 'width')).toBeGreaterThanOrEqual(44);
    expect(pixels(cartPhone('.cv-cart-item > .ant-btn.ant-btn-icon-only'), 'width')).toBeGreaterThanOrEqual(
      44,
    );
    const bareCheckbox = globalPhone('.ant-checkbox-wrapper:not(:has(.ant-checkbox-label))');
    expect(pixels(bareCheckbox, 'min-width')).toBeGreaterThanOrEqual(44);
    expect(pixels(bareCheckbox, 'min-height')).toBeGreaterThanOrEqual(44);
  });

  it('lays the place-order bar out as one row where it fits: the sum at the start, the amount under its label', () => {
    const bar = cartPhone('.cv-settle-bar');
    expect(bar).toContain('justify-content: space-between');
    // The button wraps under the sum rather than covering its amount (French, German: e2e/layout.e2e.ts).
    expect(bar).not.toContain('flex-wrap: nowrap');
    const sum = cartPhone('.cv-settle-bar__sum');
    expect(sum).toContain('flex: 1 1 0');
    expect(sum).not.toContain('min-width: 0');
    expect(cartPhone('.cv-settle-bar__amount')).toContain('display: block');
    expect(cartPhone('.cv-settle-bar__amount')).toContain('white-space: nowrap');
  });
});
