/**
 * In-app notifications for buyers and sellers. Other modules write one in the same transaction as the
 * change that causes it:
 *
 *   import { notify } from '../notifications';
 *   await notify(tx, { userId, audience: 'buyer', event: 'loan.approved', params: { loanId: String(id) } });
 *
 * Add a new event to NOTIFICATION_EVENTS (packages/contracts/src/api/notifications.ts) and its text to
 * apps/web/src/locales/<lang>/chat.json (key `notification.<event>`), all 21 languages.
 *
 * Repeated events about one subject (new messages in a conversation) use `notifyGrouped` with a group key:
 * one row per recipient and key, updated and made unread again by each event.
 */
export { notificationRoutes } from './routes';
export {
  countUnreadNotifications,
  markNotificationGroupRead,
  markSubjectNotificationsRead,
  NOTIFICATION_TOPIC,
  notify,
  notifyGrouped,
  type TNotificationSignal,
  type TNotifyGroupedInput,
  type TNotifyInput,
  toRowId,
} from './service';
