import {
  formatMoney,
  type TApproval,
  type TApprovalAction,
  type TApprovalStatus,
  type TFourEyesAction,
  type TMoney,
  type TPermission,
  type TRecordFourEyes,
  type TWaitingFirstApproval,
} from '@caravan/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { fourEyesApprovals, staff } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { findApprovalDeclineHook, findApprovalDescriber } from './executors';
import { getFourEyesThreshold } from './gate';

/** The permission a staff member needs to give either approval of an action. */
export const APPROVAL_PERMISSION: Record<TApprovalAction, TPermission> = {
  withdrawal: 'finance.review',
  recharge: 'finance.review',
  refund: 'orders.manage',
  loan: 'loans.review',
};

export function allowedApprovalActions(permissions: readonly TPermission[]): TApprovalAction[] {
  return (Object.keys(APPROVAL_PERMISSION) as TApprovalAction[]).filter((action) =>
    permissions.includes(APPROVAL_PERMISSION[action]),
  );
}

const firstStaff = alias(staff, 'first_staff');
const secondStaff = alias(staff, 'second_staff');

function toApproval(row: {
  a: typeof fourEyesApprovals.$inferSelect;
  firstName: string | null;
  secondName: string | null;
}): TApproval {
  const { a } = row;
  return {
    id: String(a.id),
    action: a.action,
    targetId: a.targetId,
    userId: a.userId === null ? null : String(a.userId),
    amount: formatMoney(a.amount),
    threshold: formatMoney(a.threshold),
    judgedAmount: a.judgedAmount === null ? null : formatMoney(a.judgedAmount),
    reason: a.reason,
    status: a.status,
    firstStaffId: String(a.firstStaffId),
    firstStaffName: row.firstName ?? String(a.firstStaffId),
    firstApprovedAt: a.firstApprovedAt.toISOString(),
    secondStaffId: a.secondStaffId === null ? null : String(a.secondStaffId),
    secondStaffName: row.secondName,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    facts: null,
  };
}

/** The page's approvals with their records' facts, one read per action (the owning module's describer). */
async function withFacts(db: Executor, approvals: TApproval[]): Promise<TApproval[]> {
  const facts = new Map<string, TApproval['facts']>();
  for (const action of new Set(approvals.map((approval) => approval.action))) {
    const describe = findApprovalDescriber(action);
    const targets = approvals.filter((approval) => approval.action === action).map((a) => a.targetId);
    for (const [targetId, fact] of describe ? await describe(db, targets) : []) {
      facts.set(`${action}:${targetId}`, fact);
    }
  }
  return approvals.map((approval) => ({
    ...approval,
    facts: facts.get(`${approval.action}:${approval.targetId}`) ?? null,
  }));
}

/** The second-approval queue, limited to the actions the staff member may approve. */
export async function listApprovals(
  db: Executor,
  input: {
    actions: TApprovalAction[];
    query: {
      status: TApprovalStatus;
      action?: TApprovalAction | undefined;
      pageNum: number;
      pageSize: number;
    };
  },
) {
  const { pageNum, pageSize } = input.query;
  const actions = input.query.action ? input.actions.filter((a) => a === input.query.action) : input.actions;
  if (actions.length === 0) {
    return { pageList: [], pageNum, pageSize, total: 0 };
  }
  const where = and(
    eq(fourEyesApprovals.status, input.query.status),
    inArray(fourEyesApprovals.action, actions),
  );
  const [total] = await db.select({ n: count() }).from(fourEyesApprovals).where(where);
  const rows = await db
    .select({ a: fourEyesApprovals, firstName: firstStaff.displayName, secondName: secondStaff.displayName })
    .from(fourEyesApprovals)
    .leftJoin(firstStaff, eq(firstStaff.id, fourEyesApprovals.firstStaffId))
    .leftJoin(secondStaff, eq(secondStaff.id, fourEyesApprovals.secondStaffId))
    .where(where)
    .orderBy(desc(fourEyesApprovals.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return { pageList: await withFacts(db, rows.map(toApproval)), pageNum, pageSize, total: total?.n ?? 0 };
}

/** The waiting first approvals of `targetIds` (record ids, or order numbers for refunds), by target. */
export async function findWaitingFirstApprovals(
  db: Executor,
  action: TApprovalAction,
  targetIds: readonly string[],
): Promise<Map<string, TWaitingFirstApproval>> {
  if (targetIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ a: fourEyesApprovals, firstName: firstStaff.displayName })
    .from(fourEyesApprovals)
    .leftJoin(firstStaff, eq(firstStaff.id, fourEyesApprovals.firstStaffId))
    .where(
      and(
        eq(fourEyesApprovals.action, action),
        eq(fourEyesApprovals.status, 'waiting'),
        inArray(fourEyesApprovals.targetId, [...targetIds]),
      ),
    );
  return new Map(
    rows.map(({ a, firstName }) => [
      a.targetId,
      {
        staffId: String(a.firstStaffId),
        staffName: firstName ?? String(a.firstStaffId),
        approvedAt: a.firstApprovedAt.toISOString(),
        amount: formatMoney(a.amount),
        reason: a.reason,
      },
    ]),
  );
}

/**
 * The four-eyes state of one page of a review queue, by record id: one threshold read and one read of the
 * page's waiting first approvals. A record at or below the threshold, or no longer processing, has none.
 */
export async function describeFourEyes(
  db: Executor,
  action: TFourEyesAction,
  records: readonly { id: string; amount: TMoney; isProcessing: boolean }[],
): Promise<Map<string, TRecordFourEyes>> {
  const states = new Map<string, TRecordFourEyes>(records.map((r) => [r.id, null]));
  const threshold = await getFourEyesThreshold(db, action);
  const gated = records.filter((r) => r.isProcessing && r.amount > threshold);
  const waiting = await findWaitingFirstApprovals(
    db,
    action,
    gated.map((r) => r.id),
  );
  const declines = await findLastDeclines(
    db,
    action,
    gated.filter((r) => !waiting.has(r.id)).map((r) => r.id),
  );
  for (const record of gated) {
    states.set(record.id, {
      threshold: formatMoney(threshold),
      firstApproval: waiting.get(record.id) ?? null,
      lastDecline: waiting.has(record.id) ? null : (declines.get(record.id) ?? null),
    });
  }
  return states;
}

/**
 * The last declined first approval of each of `targetIds`: the record went back to its queue, where without it
 * nothing said that a second staff member had refused the money, nor why, and it could simply be approved again.
 */
async function findLastDeclines(
  db: Executor,
  action: TApprovalAction,
  targetIds: readonly string[],
): Promise<Map<string, NonNullable<TRecordFourEyes>['lastDecline']>> {
  if (targetIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ a: fourEyesApprovals, secondName: secondStaff.displayName })
    .from(fourEyesApprovals)
    .leftJoin(secondStaff, eq(secondStaff.id, fourEyesApprovals.secondStaffId))
    .where(
      and(
        eq(fourEyesApprovals.action, action),
        eq(fourEyesApprovals.status, 'rejected'),
        inArray(fourEyesApprovals.targetId, [...targetIds]),
      ),
    )
    .orderBy(desc(fourEyesApprovals.id));
  const declines = new Map<string, NonNullable<TRecordFourEyes>['lastDecline']>();
  for (const { a, secondName } of rows) {
    if (!declines.has(a.targetId) && a.decidedAt) {
      declines.set(a.targetId, {
        staffName: secondName ?? String(a.secondStaffId),
        decidedAt: a.decidedAt.toISOString(),
        reason: a.decisionReason ?? '',
      });
    }
  }
  return declines;
}

export async function getApproval(db: Executor, id: bigint): Promise<TApproval> {
  const [row] = await db
    .select({ a: fourEyesApprovals, firstName: firstStaff.displayName, secondName: secondStaff.displayName })
    .from(fourEyesApprovals)
    .leftJoin(firstStaff, eq(firstStaff.id, fourEyesApprovals.firstStaffId))
    .leftJoin(secondStaff, eq(secondStaff.id, fourEyesApprovals.secondStaffId))
    .where(eq(fourEyesApprovals.id, id))
    .limit(1);
  if (!row) {
    throw new AppError('RECORD_NOT_FOUND');
  }
  return toApproval(row);
}

/**
 * The second staff member declines the first approval: the money does not move and the record goes back
 * to the ordinary review queue (where it can be approved again or rejected with a reason for the user).
 */
export async function declineApproval(db: Database, input: { id: bigint; staffId: bigint; reason: string }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(fourEyesApprovals)
      .where(eq(fourEyesApprovals.id, input.id))
      .for('update');
    if (!row) {
      throw new AppError('RECORD_NOT_FOUND');
    }
    if (row.status !== 'waiting') {
      throw new AppError('RECORD_ALREADY_REVIEWED');
    }
    // The decline is the second person's decision: the first approver's own read as another's in the audit log and
    // in the next reviewer's "last declined by". A first approver who changed their mind rejects the record itself.
    if (row.firstStaffId === input.staffId) {
      throw new AppError('FOUR_EYES_SAME_STAFF_DECLINE');
    }
    await tx
      .update(fourEyesApprovals)
      .set({
        status: 'rejected',
        secondStaffId: input.staffId,
        decidedAt: new Date(),
        decisionReason: input.reason,
      })
      .where(eq(fourEyesApprovals.id, row.id));
    await findApprovalDeclineHook(row.action)?.(tx, { targetId: row.targetId });
    await recordAudit(tx, {
      staffId: input.staffId,
      action: `${row.action}.second_approval_declined`,
      targetType: row.action === 'refund' ? 'order' : row.action,
      targetId: row.targetId,
      details: {
        before: { status: 'waiting_second_approval', firstStaffId: String(row.firstStaffId) },
        after: { status: 'declined' },
        approvalId: String(row.id),
        reason: input.reason,
      },
    });
  });
}

export async function countWaitingApprovals(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fourEyesApprovals)
    .where(eq(fourEyesApprovals.status, 'waiting'));
  return row?.n ?? 0;
}
