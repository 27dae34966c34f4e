import { z } from 'zod';
import { V, zDay, zWholeFromText } from '../validation';

/** Longest range the dashboard sums at once. */
export const ADMIN_DASHBOARD_MAX_DAYS = 366;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

/** Whether both ends are days, so the range can be compared (zod still runs these checks after a refused day). */
const areDays = (q: { from: string; to: string }) =>
  zDay.safeParse(q.from).success && zDay.safeParse(q.to).success;

/**
 * Days from..to inclusive, in the viewer's zone: `utcOffsetMinutes` is how far the viewer's clock is
 * ahead of UTC (480 for UTC+8, -300 for UTC-5).
 */
export const ZAdminDashboardQuery = z
  .object({
    from: zDay,
    to: zDay,
    utcOffsetMinutes: zWholeFromText(-840, 840).default(0),
    lang: z.string().max(8).optional(),
  })
  .refine((q) => !areDays(q) || dayNumber(q.to) >= dayNumber(q.from), {
    error: V.dateRangeOrder,
    path: ['to'],
  })
  .refine((q) => !areDays(q) || dayNumber(q.to) - dayNumber(q.from) < ADMIN_DASHBOARD_MAX_DAYS, {
    error: V.dateRangeTooLong,
    path: ['to'],
  });
export type TAdminDashboardQuery = z.input<typeof ZAdminDashboardQuery>;

export const ADMIN_DASHBOARD_MONEY_FIGURES = ['gmv', 'deposits', 'withdrawals', 'refunds'] as const;
export const ADMIN_DASHBOARD_COUNT_FIGURES = [
  'orders',
  'paidOrders',
  'payingBuyers',
  'newBuyers',
  'newSellers',
] as const;

const zFigures = z.object({
  /** Paid order value (buyer -> escrow in the ledger). */
  gmv: z.string(),
  deposits: z.string(),
  withdrawals: z.string(),
  refunds: z.string(),
  /** Orders placed. */
  orders: z.number().int(),
  paidOrders: z.number().int(),
  payingBuyers: z.number().int(),
  newBuyers: z.number().int(),
  newSellers: z.number().int(),
});
export type TAdminDashboardFigures = z.infer<typeof zFigures>;

export const ADMIN_DASHBOARD_QUEUES = [
  'recharges',
  'withdrawals',
  'refunds',
  'approvals',
  'merchantApplications',
  'loans',
  'chats',
] as const;
export type TAdminDashboardQueue = (typeof ADMIN_DASHBOARD_QUEUES)[number];

export const ZAdminDashboard = z.object({
  from: z.string(),
  to: z.string(),
  utcOffsetMinutes: z.number().int(),
  totals: zFigures,
  days: z.array(zFigures.extend({ day: z.string() })),
  /** Items waiting for staff now. */
  queues: z.record(z.enum(ADMIN_DASHBOARD_QUEUES), z.number().int()),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;
