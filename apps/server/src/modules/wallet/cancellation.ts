import { ACCOUNT_CANCELLATION_BLOCKERS, type TCancellationBlocker } from '../account';
import { getBalances } from '../ledger';
import { hasPending } from './pending';

const blockUnfinished: TCancellationBlocker = async (tx, userId) =>
  (await hasPending(tx, userId)) ? 'CANCEL_BLOCKED_UNFINISHED' : null;

const blockBalance: TCancellationBlocker = async (tx, userId) => {
  const { available, held } = await getBalances(tx, userId);
  return available + held > 0n ? 'CANCEL_BLOCKED_BALANCE' : null;
};

/**
 * SPEC §4: an unfinished recharge or withdrawal, or any balance, blocks account cancellation. Each app's
 * start calls this; a check already in the list is not added twice (a list emptied since, as the account
 * tests do, gets them back with the next app).
 */
export function registerWalletCancellationBlockers() {
  for (const blocker of [blockUnfinished, blockBalance]) {
    if (!ACCOUNT_CANCELLATION_BLOCKERS.includes(blocker)) {
      ACCOUNT_CANCELLATION_BLOCKERS.push(blocker);
    }
  }
}
