import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EndDrawer } from '../ui/end-drawer';

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
  const { t } = useTranslation('orders');
  return (
    <EndDrawer
      open={orderNo !== null}
      onClose={onClose}
      size={Math.min(760, window.innerWidth)}
      title={orderNo ? t('list.orderNo', { orderNo }) : ''}
      destroyOnHidden
    >
      {isLoading && <Skeleton active paragraph={{ rows: 10 }} />}
      {children}
    </EndDrawer>
  );
}
