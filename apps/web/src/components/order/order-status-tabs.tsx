import { ORDER_TABS, type TOrderTab } from '@caravan/contracts';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

export const STATUS_TAB_GUTTER = 16;

/**
 * The order lists' status tabs (buyer, seller, staff). On a phone they are wider than the screen and scroll
 * sideways (swipe, the wheel, or the arrow keys from one tab to the next); Ant Design's "more" menu for the hidden
 * ones is left out, as for every tab list (global.css): it is a button inside the tab list, which a screen reader
 * announces as a broken tab list.
 */
export function OrderStatusTabs({
  value,
  onChange,
}: {
  value: TOrderTab;
  onChange: (tab: TOrderTab) => void;
}) {
  const { t } = useTranslation('orders');
  return (
    <Tabs
      className="cv-status-tabs"
      // Half Ant Design's 32px between tabs: all nine fit a console at 1280 px in German (the last was cut off).
      tabBarGutter={STATUS_TAB_GUTTER}
      activeKey={value}
      onChange={(key) => onChange(key as TOrderTab)}
      items={ORDER_TABS.map((key) => ({ key, label: t(`tabs.${key}`) }))}
    />
  );
}
