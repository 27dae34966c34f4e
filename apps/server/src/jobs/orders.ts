import {
  cancelUnpaidOrders,
  receiveShippedOrders,
  reviewReceivedOrders,
  settleCompletedOrders,
} from '../modules/orders';
import type { TJob } from './index';

/** Order timed work; each function handles one batch and is safe to run again (conditional updates). */
export const ORDER_JOBS: TJob[] = [
  {
    name: 'orders-cancel-unpaid',
    everyMs: 60_000,
    run: async (app) => void (await cancelUnpaidOrders(app.deps.db)),
  },
  {
    name: 'orders-auto-receive',
    everyMs: 10 * 60_000,
    run: async (app) => void (await receiveShippedOrders(app.deps.db)),
  },
  {
    name: 'orders-default-review',
    everyMs: 10 * 60_000,
    run: async (app) => void (await reviewReceivedOrders(app.deps.db)),
  },
  {
    name: 'orders-settle',
    everyMs: 10 * 60_000,
    everyMsFromConfig: (config) => config.SETTLE_EVERY_SECONDS * 1000,
    run: async (app) => void (await settleCompletedOrders(app.deps.db)),
  },
];
