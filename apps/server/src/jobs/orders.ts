import type { Database } from '../db/client';
import { testClockOf } from '../modules/ops';
import {
  cancelUnpaidOrders,
  receiveShippedOrders,
  reviewReceivedOrders,
  settleCompletedOrders,
} from '../modules/orders';
import type { TJob } from './index';

/** The orders' time: the real time, unless a test server moved its clock (TEST_CLOCK, POST /admin/test/clock). */
const nowOf = (db: Database): Date => testClockOf(db).now();

/** Order timed work; each function handles one batch and is safe to run again (conditional updates). */
export const ORDER_JOBS: TJob[] = [
  {
    name: 'orders-cancel-unpaid',
    everyMs: 60_000,
    run: async (app) => void (await cancelUnpaidOrders(app.deps.db, nowOf(app.deps.db))),
  },
  {
    name: 'orders-auto-receive',
    everyMs: 10 * 60_000,
    run: async (app) => void (await receiveShippedOrders(app.deps.db, nowOf(app.deps.db))),
  },
  {
    name: 'orders-default-review',
    everyMs: 10 * 60_000,
    run: async (app) => void (await reviewReceivedOrders(app.deps.db, nowOf(app.deps.db))),
  },
  {
    name: 'orders-settle',
    everyMs: 10 * 60_000,
    everyMsFromConfig: (config) => config.SETTLE_EVERY_SECONDS * 1000,
    run: async (app) => void (await settleCompletedOrders(app.deps.db, nowOf(app.deps.db))),
  },
];

/** Every order job once at `now`, in the order an order goes through them (receipt before review and settlement). */
export async function runOrderWorkAt(db: Database, now: Date): Promise<void> {
  await cancelUnpaidOrders(db, now);
  await receiveShippedOrders(db, now);
  await reviewReceivedOrders(db, now);
  await settleCompletedOrders(db, now);
}
