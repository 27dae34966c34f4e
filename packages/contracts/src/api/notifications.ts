import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { zId } from '../validation';
import { ZPageOf, zPageParams } from './catalog';

/**
 * Every notification event. The web renders `notifications:event.<event>` with the notification's
 * params, in the reader's language. A module that adds an event adds it here and to the dictionaries.
 * Params by event: order.* -> orderNo (order.trackingCorrected: and the new carrier, trackingNo); refund.* -> orderNo, amount?; recharge.* / withdrawal.* ->
 * recordId, amount, reason (failed: what staff wrote); loan.* -> loanId, amount?, dueDate (dueSoon), reason
 * (rejected), expiresAt (offered: ISO instant the offer lapses; offerWithdrawn: amount and the staff's reason); chat.* -> conversationId, count (messages since last read), name (chat.shop: the shop; chat.buyer:
 * the buyer), one notification per conversation, updated;
 * merchant.* -> shopName, reason (rejected); shop.suspended -> reason; product.* -> productId, name (in the
 * product's own language), reason (takenDown); verification.* -> verificationId, reason (rejected, resubmit).
 */
export const NOTIFICATION_EVENTS = [
  // to the buyer
  'order.confirmed',
  'order.shipped',
  'order.trackingCorrected',
  'order.cancelledTimeout',
  'order.completed',
  'refund.succeeded',
  'refund.failed',
  'recharge.succeeded',
  'recharge.failed',
  'withdrawal.succeeded',
  'withdrawal.failed',
  'loan.approved',
  'loan.rejected',
  'loan.offered',
  'loan.offerLapsed',
  'loan.offerWithdrawn',
  'loan.disbursed',
  'loan.overdue',
  'loan.dueSoon',
  'verification.approved',
  'verification.rejected',
  'verification.resubmit',
  'chat.service',
  'chat.shop',
  // to the applicant (buyer), and 'merchant.approved' to the new seller as well
  'merchant.approved',
  'merchant.rejected',
  // to the seller
  'chat.buyer',
  'order.paid',
  'order.reminded',
  'order.received',
  'refund.requested',
  'shop.suspended',
  'shop.reinstated',
  'product.takenDown',
  'product.restored',
] as const;
export type TNotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_AUDIENCE_NAMES = ['buyer', 'seller'] as const;
export type TNotificationAudience = (typeof NOTIFICATION_AUDIENCE_NAMES)[number];

export const ZNotification = z.object({
  id: z.string(),
  event: z.enum(NOTIFICATION_EVENTS),
  params: z.record(z.string(), z.string()),
  isRead: z.boolean(),
  createtime: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListQuery = z.object({
  ...zPageParams(PAGE_SIZE.list),
  isUnreadOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type TNotificationListQuery = z.output<typeof ZNotificationListQuery>;
export const ZNotificationPage = ZPageOf(ZNotification).extend({ unread: z.number().int() });
export type TNotificationPage = z.infer<typeof ZNotificationPage>;
export const ZNotificationParams = z.strictObject({ id: zId });
export const ZUnreadCount = z.object({ unread: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;
/** `messages`: how many of the unread are about chat messages (the header's chat badge counts those already). */
export const ZNotificationUnread = ZUnreadCount.extend({ messages: z.number().int() });
export type TNotificationUnread = z.infer<typeof ZNotificationUnread>;
