import type { TApproval, TApprovalAction, TApprovalFacts } from '@caravan/contracts';
import type { Database, Executor } from '../../db/client';

/**
 * How the second approval from the queue carries out the action: each owning module (wallet, orders)
 * registers its approve call here when its routes load, so this module needs none of theirs.
 */
export type TApprovalExecutor = (
  db: Database,
  /** `chainTxHash`: a withdrawal's payout hash, given by its second approver. */
  input: { staffId: bigint; approval: TApproval; chainTxHash?: string | undefined },
) => Promise<unknown>;

/**
 * What a decline in the queue does to the target besides closing the approval, inside the decline's
 * transaction: a loan, which keeps its first approval itself, goes back to waiting for a first review.
 */
export type TApprovalDeclineHook = (tx: Executor, input: { targetId: string }) => Promise<void>;

/** The facts of the records `targetIds` that the second approver sees in the queue, by target. */
export type TApprovalDescriber = (db: Executor, targetIds: string[]) => Promise<Map<string, TApprovalFacts>>;

const EXECUTORS = new Map<TApprovalAction, TApprovalExecutor>();
const DESCRIBERS = new Map<TApprovalAction, TApprovalDescriber>();
const DECLINE_HOOKS = new Map<TApprovalAction, TApprovalDeclineHook>();

export function registerApprovalExecutor(
  action: TApprovalAction,
  executor: TApprovalExecutor,
  onDecline?: TApprovalDeclineHook,
) {
  EXECUTORS.set(action, executor);
  if (onDecline) {
    DECLINE_HOOKS.set(action, onDecline);
  }
}

export function registerApprovalDescriber(action: TApprovalAction, describer: TApprovalDescriber) {
  DESCRIBERS.set(action, describer);
}

export function findApprovalDescriber(action: TApprovalAction): TApprovalDescriber | undefined {
  return DESCRIBERS.get(action);
}

export function findApprovalDeclineHook(action: TApprovalAction): TApprovalDeclineHook | undefined {
  return DECLINE_HOOKS.get(action);
}

export function findApprovalExecutor(action: TApprovalAction): TApprovalExecutor | undefined {
  return EXECUTORS.get(action);
}
