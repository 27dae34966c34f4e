import { formatMoney, type TWalletRecordStatus } from '@caravan/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recharges, withdrawals } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { notify } from '../notifications';
import { releasePending } from './pending';

/**
 * The USDT that really moved for the buyer, for the notice: credited or sent (the actual amount) on success; on a
 * rejected withdrawal the whole held amount returned (no fee was taken); on a rejected deposit nothing.
 */
function movedAmount(
  recordType: TRecordType,
  row: { amount: bigint; actualAmount: bigint },
  isSuccess: boolean,
): { amount?: string } {
  if (isSuccess) {
    return { amount: formatMoney(row.actualAmount) };
  }
  return recordType === 'withdrawal' ? { amount: formatMoney(row.amount) } : {};
}

/** The reason staff gave for declining, for the buyer's notification ("…declined: {{reason}}"). */
function rejectReason(changes: { status?: string | null; reason?: string | null }): { reason?: string } {
  return changes.status !== 'success' && changes.reason ? { reason: changes.reason } : {};
}

/** Recharges and withdrawals are read, locked and reviewed the same way; only their table differs. */
const RECORD_TABLES = { recharge: recharges, withdrawal: withdrawals };

type TRecordType = keyof typeof RECORD_TABLES;
type TRecordRow<T extends TRecordType> = (typeof RECORD_TABLES)[T]['$inferSelect'];

/**
 * Drizzle cannot build a query over a union of tables, so the queries below are typed against the
 * recharge table. Only the columns both tables have (id, user_id, status, the review columns) are named,
 * the statement runs against the real table, and each function types its rows back for the record type.
 */
function tableOf(recordType: TRecordType): typeof recharges {
  return RECORD_TABLES[recordType] as typeof recharges;
}

/** One page of a user's records, newest first, optionally of one status. */
export async function listUserRecords<T extends TRecordType>(
  db: Executor,
  recordType: T,
  input: { userId: bigint; pageNum: number; pageSize: number; status?: TWalletRecordStatus | undefined },
): Promise<{ rows: TRecordRow<T>[]; total: number }> {
  const table = tableOf(recordType);
  const where = and(
    eq(table.userId, input.userId),
    input.status ? eq(table.status, input.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(table).where(where);
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(desc(table.id))
    .limit(input.pageSize)
    .offset((input.pageNum - 1) * input.pageSize);
  return { rows: rows as TRecordRow<T>[], total: total?.n ?? 0 };
}

/** One record of the user; another user's id is not found. */
export async function findUserRecord<T extends TRecordType>(
  db: Executor,
  recordType: T,
  input: { userId: bigint; id: bigint },
): Promise<TRecordRow<T>> {
  const table = tableOf(recordType);
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, input.id), eq(table.userId, input.userId)))
    .limit(1);
  if (!row) {
    throw new AppError('RECORD_NOT_FOUND');
  }
  return row as TRecordRow<T>;
}

/** Locks a record for review; only a processing one can be reviewed. */
export async function lockProcessingRecord<T extends TRecordType>(
  tx: Executor,
  recordType: T,
  id: bigint,
): Promise<TRecordRow<T>> {
  const table = tableOf(recordType);
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
  if (!row) {
    throw new AppError('RECORD_NOT_FOUND');
  }
  if (row.status !== 'processing') {
    throw new AppError('RECORD_ALREADY_REVIEWED');
  }
  return row as TRecordRow<T>;
}

/** Records the staff decision on a locked record, frees the user's pending slot and writes the audit entry. */
export async function finishReview<T extends TRecordType>(
  tx: Executor,
  recordType: T,
  row: TRecordRow<T>,
  review: {
    staffId: bigint;
    action: `${T}.approve` | `${T}.reject`;
    changes: Partial<TRecordRow<T>>;
    details: Record<string, unknown>;
  },
): Promise<TRecordRow<T>> {
  const table = tableOf(recordType);
  const [updated] = await tx
    .update(table)
    .set({
      ...(review.changes as Partial<TRecordRow<'recharge'>>),
      reviewerStaffId: review.staffId,
      reviewedAt: new Date(),
    })
    .where(eq(table.id, row.id))
    .returning();
  await releasePending(tx, { userId: row.userId, recordType, recordId: row.id });
  const isSuccess = review.changes.status === 'success';
  await notify(tx, {
    userId: row.userId,
    audience: 'buyer',
    event: `${recordType}.${isSuccess ? 'succeeded' : 'failed'}`,
    params: {
      recordId: String(row.id),
      ...movedAmount(recordType, row, isSuccess),
      ...rejectReason(review.changes),
    },
  });
  await recordAudit(tx, {
    staffId: review.staffId,
    action: review.action,
    targetType: recordType,
    targetId: row.id,
    details: { userId: String(row.userId), ...review.details },
  });
  return updated as TRecordRow<T>;
}
