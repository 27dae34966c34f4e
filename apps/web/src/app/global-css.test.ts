import { describe, expect, it } from 'vitest';
import { cssRulesOf } from '../testing/css-rules';

// jsdom lays nothing out and tests read no styles: the rules themselves are checked.
const declarationsOf = cssRulesOf('apps/web/src/app/global.css');

/** A declaration's pixels (the first value of a shorthand). */
function pixels(rule: string, property: string): number {
  const value = new RegExp(`(?:^|[\\s;{])${property}:\\s*(-?\\d+)px`).exec(rule)?.[1];
  return Number(value);
}

describe('global.css (QA accounts 10)', () => {
  it("gives Ant Design's copy button (the invitation code's) a touch target of at least 32 px, the layout unmoved", () => {
    const rule = declarationsOf('.ant-typography .ant-typography-copy');
    const padding = pixels(rule, 'padding');
    // The icon is 13 x 15 px.
    expect(13 + 2 * padding).toBeGreaterThanOrEqual(32);
    expect(pixels(rule, 'margin-block')).toBe(-padding);
  });

  it("spaces the log-in cards' subtitle lines for Arabic's descenders", () => {
    const rule = declarationsOf('.cv-auth__subtitle');
    const lineHeight = Number(/line-height:\s*([\d.]+);/.exec(rule)?.[1]);
    expect(lineHeight).toBeGreaterThanOrEqual(1.5);
  });
});

describe('global.css dialog titles (QA newfeat 4)', () => {
  it("keeps a closable dialog's title clear of the close button and wraps a long order number", () => {
    const rule = declarationsOf('.ant-modal-container:has(> .ant-modal-close) .ant-modal-title');
    expect(pixels(rule, 'padding-inline-end')).toBeGreaterThanOrEqual(32);
    expect(rule).toContain('overflow-wrap: anywhere');
  });
});

describe('global.css tabs (QA account 7)', () => {
  it("takes the tab library's English position announcement out of the accessibility tree", () => {
    expect(declarationsOf('.ant-tabs-tab [aria-live]')).toMatch(/display:\s*none/);
  });
});
