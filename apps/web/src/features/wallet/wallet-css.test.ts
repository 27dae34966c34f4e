import { describe, expect, it } from 'vitest';
import { cssRulesOf } from '../../testing/css-rules';

// jsdom lays nothing out and tests read no styles: the rules themselves are checked.
const declarationsOf = cssRulesOf('apps/web/src/features/wallet/wallet.css');

describe('wallet.css', () => {
  it('keeps space above the withdrawal summary when the amount above it shows an error', () => {
    // Ant Design gives a field's bottom margin to its error message: a two-line error with the limits under it
    // left "Before you submit" touching them. The heading's own padding stays whatever the margins do.
    const rule = declarationsOf('.cv-wallet-summary');
    expect(rule).toContain('padding-block-start: 12px');
    expect(rule).toContain('margin-block: -12px 16px');
  });

  it("draws a failed record's tag as wide as its word, as the other states'", () => {
    expect(declarationsOf('.cv-wallet-status')).toContain('align-items: flex-start');
  });

  it('lets a rejection reason on a phone wrap anywhere across the card', () => {
    expect(declarationsOf('.cv-wallet-record__reason')).toContain('overflow-wrap: anywhere');
  });
});
