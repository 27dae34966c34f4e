import {
  APPROVAL_SETTINGS,
  FOUR_EYES_SETTING_CODES,
  formatMoney,
  parseMoney,
  type TApprovalAction,
  type TFourEyesAction,
  type TMoney,
  type TSecondApprovalWaiting,
} from '@caravan/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { fourEyesApprovals, staff, systemParams } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';

/** The threshold of one action from system_params; a missing or unreadable row means the declared default. */
export async function getFourEyesThreshold(db: Executor, action: TFourEyesAction): Promise<TMoney> {
  const code = FOUR_EYES_SETTING_CODES[action];
  const definition = APPROVAL_SETTINGS[code]!;
  const [row] = await db
    .select({ value: systemParams.value })
    .from(systemParams)
    .where(eq(systemParams.code, code))
    .limit(1);
  const parsed = definition.schema.safeParse(row?.value ?? definition.defaultValue);
  return parseMoney(parsed.success ? parsed.data.trim() : definition.defaultValue);
}

export type TFourEyesOutcome =
  /** The caller goes on and moves the money; `firstStaffId` is set when this was the second approval. */
  | { isPassed: true; firstStaffId: bigint | null }
  /** The first approval is recorded; the money does not move until another staff member approves. */
  | { isPassed: false; waiting: NonNullable<TSecondApprovalWaiting> };

async function findWaiting(tx: Executor, action: TApprovalAction, targetId: string) {
  const [row] = await tx
    .select()
    .from(fourEyesApprovals)
    .where(
      and(
        eq(fourEyesApprovals.action, action),
        eq(fourEyesApprovals.targetId, targetId),
        eq(fourEyesApprovals.status, 'waiting'),
      ),
    )
    .for('update');
  return row;
}

async function staffName(tx: Executor, staffId: bigint): Promise<string> {
  const [row] = await tx
    .select({ displayName: staff.displayName, username: staff.username })
    .from(staff)
    .where(eq(staff.id, staffId))
    .limit(1);
  return row ? `${row.displayName} (${row.username})` : String(staffId);
}

/**
 * Four-eyes on a money approval, called inside the approving transaction after the target is locked
 * and checked. At or below the threshold, with no first approval waiting, it passes at once. Above it, the first call records a waiting
 * approval (and the audit entry) and the caller returns without moving money; a later call by another
 * staff member closes it and passes; the same staff member again is refused. The unique index on
 * waiting rows makes two first approvals racing on PostgreSQL end with one row: the loser's insert
 * waits, finds the winner's row and is treated as the second approver (or refused if it is the same).
 */
export async function passFourEyes(
  tx: Executor,
  input: {
    action: TFourEyesAction;
    targetId: string;
    userId: bigint | null;
    amount: TMoney;
    /** What is held against the threshold when more than `amount` (the same target's earlier ones added). */
    judgedAmount?: TMoney;
    staffId: bigint;
    reason?: string | null;
  },
): Promise<TFourEyesOutcome> {
  const threshold = await getFourEyesThreshold(tx, input.action);
  let waiting = await findWaiting(tx, input.action, input.targetId);
  // A first approval once given is finished by another person, whatever the threshold says now. Judged on the
  // threshold first, a raised threshold let the first approver finish alone (an admin could raise it, approve and
  // lower it again), and a smaller refund passed beside a larger one waiting; the waiting rows stayed in the queue.
  if (!waiting && (input.judgedAmount ?? input.amount) <= threshold) {
    return { isPassed: true, firstStaffId: null };
  }
  if (!waiting) {
    const judged = judgedBeyondAmount(input);
    const [created] = await tx
      .insert(fourEyesApprovals)
      .values({
        action: input.action,
        targetId: input.targetId,
        userId: input.userId,
        amount: input.amount,
        threshold,
        judgedAmount: judged,
        reason: input.reason ?? null,
        firstStaffId: input.staffId,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await recordAudit(tx, {
        staffId: input.staffId,
        action: `${input.action}.first_approval`,
        targetType: input.action === 'refund' ? 'order' : input.action,
        targetId: input.targetId,
        details: {
          before: { status: 'processing' },
          after: { status: 'waiting_second_approval', approvalId: String(created.id) },
          amount: formatMoney(input.amount),
          threshold: formatMoney(threshold),
          ...(judged === null ? {} : { judgedAmount: formatMoney(judged) }),
          ...(input.reason ? { reason: input.reason } : {}),
        },
      });
      return {
        isPassed: false,
        waiting: {
          id: String(created.id),
          firstStaffName: await staffName(tx, input.staffId),
          amount: formatMoney(input.amount),
          threshold: formatMoney(threshold),
          judgedAmount: judged === null ? null : formatMoney(judged),
        },
      };
    }
    waiting = await findWaiting(tx, input.action, input.targetId);
    if (!waiting) {
      throw new AppError('RECORD_ALREADY_REVIEWED');
    }
  }
  if (waiting.firstStaffId === input.staffId) {
    throw new AppError('FOUR_EYES_SAME_STAFF');
  }
  if (waiting.amount !== input.amount) {
    throw new AppError('FOUR_EYES_AMOUNT_MISMATCH', { amount: formatMoney(waiting.amount) });
  }
  await tx
    .update(fourEyesApprovals)
    .set({ status: 'approved', secondStaffId: input.staffId, decidedAt: new Date() })
    .where(eq(fourEyesApprovals.id, waiting.id));
  await recordAudit(tx, {
    staffId: input.staffId,
    action: `${input.action}.second_approval`,
    targetType: input.action === 'refund' ? 'order' : input.action,
    targetId: input.targetId,
    details: {
      // Who approved stays beside the change: inside it, "firstStaffId: 2 -> --" read as the first approver removed.
      before: { status: 'waiting_second_approval' },
      after: { status: 'approved' },
      firstStaffId: String(waiting.firstStaffId),
      secondStaffId: String(input.staffId),
      approvalId: String(waiting.id),
      amount: formatMoney(input.amount),
    },
  });
  return { isPassed: true, firstStaffId: waiting.firstStaffId };
}

/** The amount held against the threshold when it is more than the amount itself, else null. */
function judgedBeyondAmount(input: { amount: TMoney; judgedAmount?: TMoney }): TMoney | null {
  return input.judgedAmount !== undefined && input.judgedAmount !== input.amount ? input.judgedAmount : null;
}

async function closeWaitingApproval(
  tx: Executor,
  input: { action: TApprovalAction; targetId: string; staffId: bigint },
  status: 'approved' | 'cancelled',
) {
  await tx
    .update(fourEyesApprovals)
    .set({ status, secondStaffId: input.staffId, decidedAt: new Date() })
    .where(
      and(
        eq(fourEyesApprovals.action, input.action),
        eq(fourEyesApprovals.targetId, input.targetId),
        eq(fourEyesApprovals.status, 'waiting'),
      ),
    );
}

/** A rejected (or otherwise closed) target ends its waiting approval, so the queue holds only live ones. */
export async function cancelWaitingApproval(
  tx: Executor,
  input: { action: TApprovalAction; targetId: string; staffId: bigint },
) {
  await closeWaitingApproval(tx, input, 'cancelled');
}

/**
 * For an action that keeps its own first-approval state and audit (a loan): shows the first approval in
 * the queue beside the others, with the first approver's name. Called in the first approval's transaction.
 */
export async function mirrorFirstApproval(
  tx: Executor,
  input: {
    action: Exclude<TApprovalAction, TFourEyesAction>;
    targetId: string;
    userId: bigint;
    amount: TMoney;
    threshold: TMoney;
    staffId: bigint;
  },
) {
  await tx
    .insert(fourEyesApprovals)
    .values({
      action: input.action,
      targetId: input.targetId,
      userId: input.userId,
      amount: input.amount,
      threshold: input.threshold,
      firstStaffId: input.staffId,
    })
    .onConflictDoNothing();
}

/** The owning module's second approval closes the mirrored row (whether given from the queue or its own page). */
export async function mirrorSecondApproval(
  tx: Executor,
  input: { action: TApprovalAction; targetId: string; staffId: bigint },
) {
  await closeWaitingApproval(tx, input, 'approved');
}
