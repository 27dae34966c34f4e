import type { TApproval, TApprovalAction } from '@caravan/contracts';
import type { Database } from '../../db/client';

/**
 * How the second approval from the queue carries out the action: each owning module (wallet, orders)
 * registers its approve call here when its routes load, so this module needs none of theirs.
 */
export type TApprovalExecutor = (
  db: Database,
  input: { staffId: bigint; approval: TApproval },
) => Promise<unknown>;

const EXECUTORS = new Map<TApprovalAction, TApprovalExecutor>();

export function registerApprovalExecutor(action: TApprovalAction, executor: TApprovalExecutor) {
  EXECUTORS.set(action, executor);
}

export function findApprovalExecutor(action: TApprovalAction): TApprovalExecutor | undefined {
  return EXECUTORS.get(action);
}
