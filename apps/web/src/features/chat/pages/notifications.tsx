import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationList } from '../components/notification-list';
import '../chat.css';
import { brandedTitle } from '../../../lib/page-title';

/** /userInfo/notifications: the buyer's notifications with the unread count. */
export default function NotificationsPage() {
  const { t } = useTranslation(['chat', 'common']);
  useEffect(() => {
    document.title = brandedTitle(t('chat:notifications.title'), t('common:brand'));
  }, [t]);
  return (
    <section className="cv-notifications-page">
      <h1>{t('chat:notifications.title')}</h1>
      <NotificationList audience="buyer" />
    </section>
  );
}
