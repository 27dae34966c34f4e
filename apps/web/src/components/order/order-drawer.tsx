import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EndDrawer } from '../ui/end-drawer';
import { WithOrderNumber } from './order-number';

/** The side panel of one order (seller and console lists): its number as title, a skeleton while loading. */
export function OrderDrawer({
  orderNo,
  isLoading,
  onClose,
  children,
}: {
  orderNo: string | null;
  isLoading: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  // The namespaces of what it shows (OrderInfoView's 'cart' too) load with the page: one first asked for inside
  // the open drawer suspended the page, which came back with a new drawer and the focus on its body.
  const { t } = useTranslation(['orders', 'cart']);
  return (
    <EndDrawer
      open={orderNo !== null}
      onClose={onClose}
      size={Math.min(760, window.innerWidth)}
      title={orderNo ? <WithOrderNumber text={t('list.orderNo', { orderNo })} orderNo={orderNo} /> : ''}
      destroyOnHidden
    >
      {isLoading && <Skeleton active paragraph={{ rows: 10 }} />}
      {children}
    </EndDrawer>
  );
}
