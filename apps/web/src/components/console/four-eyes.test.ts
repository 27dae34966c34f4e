import { describe, expect, it } from 'vitest';
import consoleEn from '../../locales/en/console.json';
import { initTestI18n } from '../../testing/i18n';
import { captureToasts } from '../../testing/toasts';
import { announceApproval } from './four-eyes';

describe('announceApproval', () => {
  it("says what was held against the threshold when an order's earlier refunds put a small part above it (QA)", async () => {
    const i18n = await initTestI18n();
    i18n.addResourceBundle('en', 'console', consoleEn, true, true);
    const shown = captureToasts();
    const waiting = { id: '3', firstStaffName: 'Maya', amount: '6.00', threshold: '10.00' };
    announceApproval({ secondApproval: { ...waiting, judgedAmount: '11.00' } }, 'Refunded', i18n.t);
    announceApproval(
      { secondApproval: { ...waiting, amount: '15.60', judgedAmount: null } },
      'Refunded',
      i18n.t,
    );
    announceApproval({ secondApproval: null }, 'Refunded', i18n.t);
    expect(shown).toEqual([
      "info: Above the 10.00 USDT threshold with this order's earlier refunds (11.00 USDT in all): 6.00 USDT now waits for a second staff member's approval",
      "info: Above the 10.00 USDT threshold: 15.60 USDT now waits for a second staff member's approval",
      'success: Refunded',
    ]);
  });
});
