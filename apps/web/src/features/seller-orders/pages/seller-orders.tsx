import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { SellerOrdersTable } from '../components/seller-orders-table';

/** /seller/orders */
export default function SellerOrdersPage() {
  const { t } = useTranslation(['seller', 'orders', 'cart', 'common', 'errors']);
  return (
    <>
      <ConsolePageHead title={t('menu.orders')} />
      <SellerOrdersTable />
    </>
  );
}
