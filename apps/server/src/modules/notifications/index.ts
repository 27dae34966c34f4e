/**
 * In-app notifications for buyers and sellers. Other modules write one in the same transaction as the
 * change that causes it:
 *
 *   import { notify } from '../notifications';
 *   await notify(tx, { userId, audience: 'buyer', event: 'loan.approved', params: { loanId: String(id) } });
 *
 * Add a new event to NOTIFICATION_EVENTS (packages/contracts/src/api/notifications.ts) and its text to
 * apps/web/src/locales/<lang>/notifications.json (key `event.<event>`), all 21 languages.
 */
export { notificationRoutes } from './routes';
export {
  countUnreadNotifications,
  NOTIFICATION_TOPIC,
  notify,
  type TNotificationSignal,
  type TNotifyInput,
  toRowId,
} from './service';
