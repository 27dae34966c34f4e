import type { TAuditEntry } from '@caravan/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, staff } from '../../db/schema';

/**
 * Records one staff action. Call it with the same transaction that makes the change, so the change
 * and its audit row are committed (or rolled back) together:
 *
 *   await db.transaction(async (tx) => {
 *     await tx.update(...);
 *     await recordAudit(tx, { staffId, action: 'withdrawal.approve', targetType: 'withdrawal', targetId: id });
 *   });
 */
export async function recordAudit(
  tx: Executor,
  entry: {
    staffId: bigint | null;
    action: string;
    targetType: string;
    targetId?: bigint | string | null;
    details?: Record<string, unknown>;
  },
) {
  await tx.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    details: entry.details ?? {},
  });
}

export async function listAuditLog(
  db: Executor,
  query: {
    pageNum: number;
    pageSize: number;
    action?: string | undefined;
    targetType?: string | undefined;
    targetId?: string | undefined;
  },
): Promise<{ pageList: TAuditEntry[]; pageNum: number; pageSize: number; total: number }> {
  const filters: SQL[] = [];
  if (query.action) {
    filters.push(eq(auditLog.action, query.action));
  }
  if (query.targetType) {
    filters.push(eq(auditLog.targetType, query.targetType));
  }
  if (query.targetId) {
    filters.push(eq(auditLog.targetId, query.targetId));
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      staffId: auditLog.staffId,
      staffUsername: staff.username,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return {
    pageList: rows.map((r) => ({
      id: String(r.id),
      staffId: r.staffId === null ? null : String(r.staffId),
      staffUsername: r.staffUsername,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: totalRow?.total ?? 0,
  };
}
