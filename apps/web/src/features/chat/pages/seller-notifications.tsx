import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { usePageParam } from '../../../lib/page-param';
import { NotificationList } from '../components/notification-list';
import '../chat.css';

/** /seller/notifications: paid orders, reminders to ship, refund requests and receipts of the shop. */
export default function SellerNotificationsPage() {
  const { t } = useTranslation('chat');
  const [page, setPage] = usePageParam();
  return (
    <>
      <ConsolePageHead title={t('notifications.title')} />
      <NotificationList audience="seller" page={page} onPageChange={setPage} />
    </>
  );
}
