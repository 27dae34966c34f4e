/**
 * Real-time delivery: the fan-out bus between server processes (in-process, or Redis pub/sub with
 * REDIS_URL). Other modules publish through `publishAfterCommit` (inside a transaction) or the app's
 * `bus` decoration; they subscribe with `bus.subscribe(topic, handler)`.
 */

import { afterCommit } from '../../db/after-commit';
import type { Database, Executor } from '../../db/client';
import { findBus } from './bus';

export { attachBus, createMemoryBus, createRedisBus, findBus, type TBus, type TBusHandler } from './bus';

/** Publishes on the bus of `db`'s app once `tx` has committed (at once when `tx` is no transaction). */
export function publishAfterCommit(
  tx: Executor,
  db: Database | undefined,
  topic: string,
  data: unknown,
): void {
  afterCommit(
    tx,
    (root) => {
      findBus(root)?.publish(topic, data);
    },
    db,
  );
}
export { busPlugin } from './bus-plugin';
