import type { TAuditAction, TAuditEntry, TAuditTargetType } from '@caravan/contracts';
import { and, count, desc, eq, gte, ilike, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern, escapeLike } from '../../db/like';
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
    action: TAuditAction;
    targetType: TAuditTargetType;
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

export type TAuditFilter = {
  staff?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
};

function whereAudit(query: TAuditFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (query.staff) {
    // A number is a staff id (or a name that is exactly that number): part of a name would also
    // bring in everyone whose name holds those digits.
    filters.push(
      /^[1-9]\d{0,17}$/.test(query.staff)
        ? (or(
            sql`lower(${staff.username}) = lower(${query.staff})`,
            eq(auditLog.staffId, BigInt(query.staff)),
          ) as SQL)
        : ilike(staff.username, containsPattern(query.staff)),
    );
  }
  if (query.action) {
    // "withdrawal" finds withdrawal.approve, withdrawal.first_approval, ...
    filters.push(like(auditLog.action, `${escapeLike(query.action)}%`));
  }
  if (query.targetType) {
    filters.push(eq(auditLog.targetType, query.targetType));
  }
  if (query.targetId) {
    filters.push(eq(auditLog.targetId, query.targetId));
  }
  if (query.createdFrom) {
    filters.push(gte(auditLog.createdAt, new Date(query.createdFrom)));
  }
  if (query.createdTo) {
    filters.push(lt(auditLog.createdAt, new Date(query.createdTo)));
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

function selectAudit(db: Executor, where: SQL | undefined) {
  return db
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
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

function toEntry(r: Awaited<ReturnType<typeof selectAudit>>[number]): TAuditEntry {
  return {
    id: String(r.id),
    staffId: r.staffId === null ? null : String(r.staffId),
    staffUsername: r.staffUsername,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: r.details,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listAuditLog(
  db: Executor,
  query: TAuditFilter & { pageNum: number; pageSize: number },
): Promise<{ pageList: TAuditEntry[]; pageNum: number; pageSize: number; total: number }> {
  const where = whereAudit(query);
  const [totalRow] = await db
    .select({ total: count() })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(where);
  const rows = await selectAudit(db, where)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return {
    pageList: rows.map(toEntry),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: totalRow?.total ?? 0,
  };
}

/** Most rows one CSV export holds; narrow the search for more. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** The matching entries, newest first, for the CSV export. */
export async function exportAuditLog(db: Executor, query: TAuditFilter): Promise<TAuditEntry[]> {
  const rows = await selectAudit(db, whereAudit(query)).limit(AUDIT_EXPORT_MAX_ROWS);
  return rows.map(toEntry);
}
