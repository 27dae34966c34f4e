import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { walletPending } from '../../db/schema';
import { AppError } from '../../http/app-error';

/**
 * Marks the user's one unfinished recharge or withdrawal. The primary key on user_id makes the rule hold
 * under concurrency: a second insert waits for the first transaction and then finds the row.
 */
export async function claimPending(
  tx: Executor,
  input: { userId: bigint; recordType: 'recharge' | 'withdrawal'; recordId: bigint },
) {
  const inserted = await tx
    .insert(walletPending)
    .values(input)
    .onConflictDoNothing({ target: walletPending.userId })
    .returning({ userId: walletPending.userId });
  if (inserted.length === 0) {
    throw new AppError('UNFINISHED_RECHARGE_OR_WITHDRAW');
  }
}

export async function releasePending(
  tx: Executor,
  input: { userId: bigint; recordType: 'recharge' | 'withdrawal'; recordId: bigint },
) {
  await tx
    .delete(walletPending)
    .where(
      and(
        eq(walletPending.userId, input.userId),
        eq(walletPending.recordType, input.recordType),
        eq(walletPending.recordId, input.recordId),
      ),
    );
}

export async function hasPending(db: Executor, userId: bigint): Promise<boolean> {
  const [row] = await db
    .select({ userId: walletPending.userId })
    .from(walletPending)
    .where(eq(walletPending.userId, userId))
    .limit(1);
  return Boolean(row);
}
