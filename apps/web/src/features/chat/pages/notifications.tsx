import { PageFrame } from '../../../components/ui/page-frame';
import { usePageParam } from '../../../lib/page-param';
import { NotificationList } from '../components/notification-list';
import '../chat.css';

/** /userInfo/notifications: the buyer's notifications with the unread count, framed like every user-centre page. */
export default function NotificationsPage() {
  const [page, setPage] = usePageParam();
  return (
    <PageFrame
      titleKey="routes.notifications"
      crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}
    >
      <NotificationList audience="buyer" page={page} onPageChange={setPage} />
    </PageFrame>
  );
}
