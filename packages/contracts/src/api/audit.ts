import { APPROVAL_ACTIONS } from './approvals';

const APPROVAL_STEPS = ['first_approval', 'second_approval', 'second_approval_declined'] as const;

/**
 * Every action the audit log records (`<object>.<what was done>`). The server can write no other, and the console
 * names each in the reader's language (admin dictionary, `auditActions`), the code beside it.
 */
export const AUDIT_ACTIONS = [
  'activity.create',
  'activity.update',
  'banner.create',
  'banner.delete',
  'banner.update',
  'category.create',
  'category.delete',
  'category.move',
  'category.update',
  'chat.canned.create',
  'chat.canned.delete',
  'chat.canned.update',
  'chat.claim',
  'chat.close',
  'chat.reopen',
  'chat.transfer',
  'coupon_campaign.create',
  'coupon_campaign.stop',
  'home_pins.update',
  'loan.approve',
  'loan.offer_accept',
  'loan.offer_decline',
  'loan.offer_withdraw',
  'loan.reject',
  'loan_product.create',
  'loan_product.update',
  'merchant_application.approve',
  'merchant_application.reject',
  'merchant_application.review',
  'order.refund',
  'product.restore',
  'product.take_down',
  'recharge.approve',
  'recharge.reject',
  'role.create',
  'role.delete',
  'role.update',
  'staff.create',
  'staff.totp_enable',
  'staff.totp_recovery_code_used',
  'staff.update',
  'store.reinstate',
  'store.suspend',
  'system_param.update',
  'user.disable',
  'user.enable',
  'user.unlock_login',
  'user.unlock_tx_password',
  'verification.approve',
  'verification.reject',
  'verification.resubmit',
  'wallet_channel.update',
  'withdrawal.approve',
  'withdrawal.reject',
  ...APPROVAL_ACTIONS.flatMap((action) => APPROVAL_STEPS.map((step) => `${action}.${step}` as const)),
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Every kind of object an audit entry names (its `targetType`). The server writes no other, and the console names
 * each in the reader's language (admin dictionary, `auditTargets`), the code beside it; the log's search offers them.
 */
export const AUDIT_TARGET_TYPES = [
  'activity',
  'banner',
  'category',
  'chat_canned_reply',
  'chat_conversation',
  'coupon_campaign',
  'home_section',
  'identity_verification',
  'loan',
  'loan_product',
  'merchant_application',
  'order',
  'product',
  'recharge',
  'role',
  'staff',
  'store',
  'system_param',
  'user',
  'wallet_channel',
  'withdrawal',
] as const;
export type TAuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
