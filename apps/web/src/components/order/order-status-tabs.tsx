import { ORDER_TABS, type TOrderTab } from '@caravan/contracts';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The order lists' status tabs (buyer, seller, staff). Where the nine do not fit in one line (a phone, or Arabic,
 * Greek and Afrikaans labels at 1280 px) they go on to the next (global.css, `.cv-status-tabs`), every tab in view:
 * scrolled sideways, the last was cut at the edge with nothing to show it, Ant Design's "more" menu being left out as
 * for every tab list (a button inside the tab list, which a screen reader announces as a broken tab list).
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
      // The 16 px between tabs is the list's column gap (global.css): a margin would indent each wrapped line.
      tabBarGutter={0}
      activeKey={value}
      onChange={(key) => onChange(key as TOrderTab)}
      items={ORDER_TABS.map((key) => ({ key, label: t(`tabs.${key}`) }))}
    />
  );
}
