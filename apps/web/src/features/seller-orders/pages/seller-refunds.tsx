import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { SellerOrdersTable } from '../components/seller-orders-table';

/** /seller/refunds: the same list opened on the refund tab. */
export default function SellerRefundsPage() {
  const { t } = useTranslation(['seller', 'orders', 'cart', 'common', 'errors']);
  return (
    <>
      <ConsolePageHead title={t('menu.refunds')} />
      <SellerOrdersTable initialTab="refund" />
    </>
  );
}
