import type { TErrorCode } from '@caravan/contracts';
import type { Tx } from '../../db/client';

/**
 * Checks that may refuse an account cancellation (SPEC §4: a balance or an unfinished recharge or
 * withdrawal blocks it). Each runs inside the cancellation's transaction, after the user row is locked,
 * and returns the error code to answer with or null. Other domains push their checks at start-up:
 *
 *   ACCOUNT_CANCELLATION_BLOCKERS.push(async (tx, userId) => (await hasBalance(tx, userId) ? 'CANCEL_BLOCKED_BALANCE' : null));
 */
export type TCancellationBlocker = (tx: Tx, userId: bigint) => Promise<TErrorCode | null>;

export const ACCOUNT_CANCELLATION_BLOCKERS: TCancellationBlocker[] = [];
