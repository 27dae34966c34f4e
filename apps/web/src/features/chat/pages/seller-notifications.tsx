import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { NotificationList } from '../components/notification-list';
import '../chat.css';

/** /seller/notifications: paid orders, reminders to ship, refund requests and receipts of the shop. */
export default function SellerNotificationsPage() {
  const { t } = useTranslation('chat');
  return (
    <>
      <ConsolePageHead title={t('notifications.title')} />
      <NotificationList audience="seller" />
    </>
  );
}
