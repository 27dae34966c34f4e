import { ORDER_TABS } from '@caravan/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssRulesOf } from '../../testing/css-rules';
import { setUpComponentTests } from '../../testing/render';
import { OrderStatusTabs } from './order-status-tabs';

// jsdom lays nothing out: the rules that make the tabs wrap are checked (a browser check of all 21 languages' labels
// at 932, 970 and 328 px found every tab inside its box with them, and Arabic, Greek and Afrikaans cut without).
const globalRule = cssRulesOf('apps/web/src/app/global.css');

describe('the order status tabs (QA langs 1)', () => {
  setUpComponentTests();

  it('go on to another line where they do not fit, rather than scrolling the last ones out of sight', () => {
    expect(globalRule('.cv-status-tabs > .ant-tabs-nav .ant-tabs-nav-list')).toContain('flex-wrap: wrap');
    expect(globalRule('.cv-status-tabs > .ant-tabs-nav .ant-tabs-nav-list')).toContain('column-gap: 16px');
    // The ink bar follows one line only: the active tab is underlined by itself.
    expect(globalRule('.cv-status-tabs > .ant-tabs-nav .ant-tabs-ink-bar')).toContain('display: none');
    expect(globalRule('.cv-status-tabs > .ant-tabs-nav .ant-tabs-tab-active')).toContain(
      'box-shadow: inset 0 -2px 0 var(--cv-primary)',
    );
  });

  it('renders all nine without a margin before a tab, which would indent a wrapped line', () => {
    render(<OrderStatusTabs value="all" onChange={() => undefined} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(ORDER_TABS.length);
    expect(tabs[0]?.closest('.ant-tabs')?.classList.contains('cv-status-tabs')).toBe(true);
    for (const tab of tabs.slice(1)) {
      const node = tab.closest('.ant-tabs-tab') as HTMLElement;
      expect(['', '0', '0px']).toContain(node.style.marginInlineStart);
    }
  });
});
