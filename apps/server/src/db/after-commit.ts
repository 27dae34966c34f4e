import type { Database, Executor } from './client';

/**
 * Work to do once a transaction has committed (a live push over the socket, a cache invalidation):
 * never before, so nobody is told about a change that may still roll back, and never for a rolled-back
 * attempt (withMoneyTransaction retries with a fresh transaction and fresh hooks).
 *
 * `installAfterCommit` wraps the database's `transaction` once; `afterCommit(tx, fn)` queues `fn`
 * on the open transaction `tx`. Called with the database itself, or a nested savepoint transaction,
 * `fn` runs on the next tick (there is no outer commit it can wait for).
 */
type THook = (db: Database) => void;

const pendingHooks = new WeakMap<object, THook[]>();
const INSTALLED = Symbol.for('caravan.afterCommit');

export function installAfterCommit(db: Database): Database {
  const marked = db as Database & { [INSTALLED]?: true };
  if (marked[INSTALLED]) {
    return db;
  }
  const transaction = db.transaction.bind(db);
  const wrapped: Database['transaction'] = async (fn, config) => {
    const hooks: THook[] = [];
    const result = await transaction(async (tx) => {
      pendingHooks.set(tx, hooks);
      return fn(tx);
    }, config);
    for (const hook of hooks) {
      try {
        hook(db);
      } catch {
        // A failed after-commit push must not turn a committed change into an error for the caller.
      }
    }
    return result;
  };
  Object.assign(marked, { transaction: wrapped, [INSTALLED]: true });
  return db;
}

export function afterCommit(executor: Executor, hook: THook, db?: Database): void {
  const hooks = pendingHooks.get(executor);
  if (hooks) {
    hooks.push(hook);
    return;
  }
  const root = (db ?? executor) as Database;
  setImmediate(() => {
    try {
      hook(root);
    } catch {
      // see above
    }
  });
}
