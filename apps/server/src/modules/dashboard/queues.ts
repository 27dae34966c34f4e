import type { TAdminDashboardQueue } from '@caravan/contracts';
import { count, eq } from 'drizzle-orm';
import { orderRefunds, recharges, withdrawals } from '../../db/schema';
import { countWaitingApprovals } from '../approvals';
import { countWaitingChats } from '../chat';
import { countWaitingLoans } from '../loans';
import { countWaitingMerchantApplications } from '../sellers';
import type { TQueueCounter } from './figures';

/** What waits for staff now; approvals, merchant applications, loans and chats are counted by their own modules. */
export const QUEUE_COUNTERS: Record<TAdminDashboardQueue, TQueueCounter> = {
  recharges: async (db) =>
    (await db.select({ n: count() }).from(recharges).where(eq(recharges.status, 'processing')))[0]?.n ?? 0,
  withdrawals: async (db) =>
    (await db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 'processing')))[0]?.n ??
    0,
  refunds: async (db) =>
    (await db.select({ n: count() }).from(orderRefunds).where(eq(orderRefunds.status, 'refunding')))[0]?.n ??
    0,
  approvals: countWaitingApprovals,
  merchantApplications: countWaitingMerchantApplications,
  loans: countWaitingLoans,
  // Customers waiting for an agent to pick up their conversation.
  chats: countWaitingChats,
};
