import { formatMoney, type TApprovalFacts } from '@caravan/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recharges, users, withdrawals } from '../../db/schema';
import { displayNameSql, maskCard } from './recharge';

/** Record ids of the approvals queue (text), as the tables' ids; anything else names no record. */
function recordIds(targetIds: readonly string[]): bigint[] {
  return targetIds.filter((id) => /^\d{1,18}$/.test(id)).map(BigInt);
}

/**
 * What the second approver of a withdrawal sees in the approvals queue: the account, the destination, the fee
 * and what is paid out. The first approver saw them in the withdrawal queue; the second saw only an id.
 */
export async function withdrawalApprovalFacts(
  db: Executor,
  targetIds: string[],
): Promise<Map<string, TApprovalFacts>> {
  const ids = recordIds(targetIds);
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ w: withdrawals, usercode: users.usercode, displayName: displayNameSql })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(inArray(withdrawals.id, ids));
  return new Map(
    rows.map(({ w, usercode, displayName }) => [
      String(w.id),
      {
        userName: displayName,
        usercode,
        network: w.network,
        address: w.address,
        txHash: null,
        bank: null,
        fee: formatMoney(w.fee),
        actualAmount: formatMoney(w.actualAmount),
      },
    ]),
  );
}

/** The same for a deposit: the account, its transaction or bank card, the fee and the USDT credited. */
export async function rechargeApprovalFacts(
  db: Executor,
  targetIds: string[],
): Promise<Map<string, TApprovalFacts>> {
  const ids = recordIds(targetIds);
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ r: recharges, usercode: users.usercode, displayName: displayNameSql })
    .from(recharges)
    .innerJoin(users, eq(users.id, recharges.userId))
    .where(inArray(recharges.id, ids));
  return new Map(
    rows.map(({ r, usercode, displayName }) => [
      String(r.id),
      {
        userName: displayName,
        usercode,
        network: r.network,
        address: null,
        txHash: r.txHash,
        bank: r.bankName && r.cardNumber ? `${r.bankName} ${maskCard(r.cardNumber)}` : null,
        fee: formatMoney(r.fee),
        actualAmount: formatMoney(r.actualAmount),
      },
    ]),
  );
}
