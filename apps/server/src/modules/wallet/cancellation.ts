import { ACCOUNT_CANCELLATION_BLOCKERS } from '../account';
import { getBalances } from '../ledger';
import { hasPending } from './pending';

let isRegistered = false;

/** SPEC §4: an unfinished recharge or withdrawal, or any balance, blocks account cancellation. */
export function registerWalletCancellationBlockers() {
  if (isRegistered) {
    return;
  }
  isRegistered = true;
  ACCOUNT_CANCELLATION_BLOCKERS.push(async (tx, userId) =>
    (await hasPending(tx, userId)) ? 'CANCEL_BLOCKED_UNFINISHED' : null,
  );
  ACCOUNT_CANCELLATION_BLOCKERS.push(async (tx, userId) => {
    const { available, held } = await getBalances(tx, userId);
    return available + held > 0n ? 'CANCEL_BLOCKED_BALANCE' : null;
  });
}
