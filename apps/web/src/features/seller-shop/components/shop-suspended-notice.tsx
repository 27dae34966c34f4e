import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShopSettings } from '../api';

/**
 * The platform's suspension of the shop, with its reason, on the pages a seller works from (overview, products,
 * shop settings): it was said only on /seller/shop, and the overview looked normal while buyers saw none of the goods.
 */
export function ShopSuspendedNotice() {
  const { t } = useTranslation('seller');
  const shop = useShopSettings();
  if (shop.data?.status !== 'suspended') {
    return null;
  }
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBlockEnd: 16 }}
      title={t('shop.suspended')}
      description={shop.data.suspendedReason && <bdi>{shop.data.suspendedReason}</bdi>}
    />
  );
}
