import { displayMoney, formatMoney, parseMoney, type TLoan, type TMoney } from '@caravan/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { loanProducts, loans, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { cancelWaitingApproval, mirrorFirstApproval, mirrorSecondApproval } from '../approvals';
import { recordAudit } from '../audit';
import { postLedgerTransaction, withMoneyTransaction } from '../ledger';
import { notify } from '../notifications';
import type { TLoanRow } from './accrual';
import { DAY_MS, utcDate } from './clock';
import { presentLoan } from './present';
import { getLoanSettings } from './settings';

function snapshot(row: TLoanRow) {
  return {
    status: row.status,
    approvedAmount: row.approvedAmount === null ? null : formatMoney(row.approvedAmount),
    firstReviewerStaffId: row.firstReviewerStaffId === null ? null : String(row.firstReviewerStaffId),
    firstApprovedAmount: row.firstApprovedAmount === null ? null : formatMoney(row.firstApprovedAmount),
  };
}

/**
 * Money is not lent to an account staff have stopped: a disabled or locked owner cannot log in to repay, and a
 * cancelled one is closed. Its row is held (shared) until the approval commits, so a disable cannot slip in between.
 */
export async function assertBorrowerActive(tx: Executor, userId: bigint) {
  const [user] = await tx
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  if (user?.status === 'cancelled') {
    throw new AppError('ACCOUNT_CANCELLED');
  }
  if (user?.status !== 'active') {
    throw new AppError('USER_DISABLED');
  }
}

/** The most an approval may give: the amount asked for, or at the second approval the first one's (never raised). */
export function approvalCeiling(loan: Pick<TLoanRow, 'status' | 'amount' | 'firstApprovedAmount'>): TMoney {
  return loan.status === 'reviewing' ? (loan.firstApprovedAmount ?? loan.amount) : loan.amount;
}

/**
 * Pays a loan out: credits the wallet from the loan book through the ledger, once (idempotency key per loan), starts
 * its schedule (day 0 = today) and tells the borrower. The one path for a full approval and an accepted offer. The
 * caller holds the loan row lock and has checked its state.
 */
export async function disburseLoan(
  tx: Executor,
  loan: TLoanRow,
  input: { amount: TMoney; reviewerStaffId: bigint | null; approvedAt: Date; now: Date },
): Promise<{ row: TLoanRow; transactionId: bigint }> {
  const { transactionId } = await postLedgerTransaction(tx, {
    idempotencyKey: `loan:disburse:${loan.id}`,
    kind: 'loan_disbursement',
    reference: { type: 'loan', id: loan.id },
    postings: [
      { account: { kind: 'loan_book' }, amount: -input.amount },
      { account: { kind: 'user_available', userId: loan.userId }, amount: input.amount },
    ],
  });
  const [updated] = await tx
    .update(loans)
    .set({
      status: 'disbursed',
      approvedAmount: input.amount,
      reviewerStaffId: input.reviewerStaffId,
      approvedAt: input.approvedAt,
      disbursedAt: input.now,
      disbursedOn: utcDate(input.now),
      disburseTransactionId: transactionId,
      updatedAt: new Date(),
    })
    .where(eq(loans.id, loan.id))
    .returning();
  await notify(tx, {
    userId: loan.userId,
    audience: 'buyer',
    event: 'loan.disbursed',
    params: { loanId: String(loan.id), amount: formatMoney(input.amount) },
  });
  return { row: updated!, transactionId };
}

/**
 * A staff approval. The amount may be lowered (never raised, never below the product minimum).
 * At or below the four-eyes threshold one approval decides. Above it, the first approval is recorded
 * with its reviewer (status reviewing) and a second approval by another staff member decides.
 * The deciding approval of the amount asked for disburses (disburseLoan). One below it is an offer (status
 * approved): nothing is credited until the borrower accepts it (offers.ts); it lapses after loan_offer_valid_days.
 */
export async function approveLoan(
  db: Database,
  input: { staffId: bigint; id: bigint; amount?: string | undefined; now: Date },
): Promise<TLoan> {
  const settings = await getLoanSettings(db);
  const row = await withMoneyTransaction(db, async (tx) => {
    const loan = await lockLoan(tx, input.id);
    if (loan.status !== 'applying' && loan.status !== 'reviewing') {
      throw new AppError('RECORD_ALREADY_REVIEWED');
    }
    if (loan.status === 'reviewing' && loan.firstReviewerStaffId === input.staffId) {
      throw new AppError('LOAN_SAME_REVIEWER');
    }
    await assertBorrowerActive(tx, loan.userId);
    const ceiling = approvalCeiling(loan);
    const amount = input.amount === undefined ? ceiling : parseMoney(input.amount, 2);
    const [product] = await tx
      .select({ minAmount: loanProducts.minAmount })
      .from(loanProducts)
      .where(eq(loanProducts.id, loan.productId));
    if (amount > ceiling) {
      throw new AppError(
        'LOAN_APPROVAL_ABOVE_ASKED',
        { field: 'amount', max: formatMoney(ceiling) },
        { max: displayMoney(ceiling) },
      );
    }
    if (product && amount < product.minAmount) {
      throw new AppError('LOAN_BELOW_MIN', { field: 'amount', min: formatMoney(product.minAmount) });
    }
    if (loan.status === 'applying' && amount > settings.fourEyesThreshold) {
      const [updated] = await tx
        .update(loans)
        .set({
          status: 'reviewing',
          firstReviewerStaffId: input.staffId,
          firstApprovedAmount: amount,
          firstApprovedAt: input.now,
          updatedAt: new Date(),
        })
        .where(eq(loans.id, loan.id))
        .returning();
      await mirrorFirstApproval(tx, {
        action: 'loan',
        targetId: String(loan.id),
        userId: loan.userId,
        amount,
        threshold: settings.fourEyesThreshold,
        staffId: input.staffId,
      });
      await recordAudit(tx, {
        staffId: input.staffId,
        action: 'loan.first_approval',
        targetType: 'loan',
        targetId: loan.id,
        details: { userId: String(loan.userId), before: snapshot(loan), after: snapshot(updated!) },
      });
      return updated!;
    }
    if (loan.status === 'reviewing') {
      await mirrorSecondApproval(tx, { action: 'loan', targetId: String(loan.id), staffId: input.staffId });
    }
    if (amount < loan.amount) {
      // Less than the borrower asked for: they have not agreed to borrow this, so it waits for their answer.
      const offerExpiresAt = new Date(input.now.getTime() + settings.offerValidDays * DAY_MS);
      const [offered] = await tx
        .update(loans)
        .set({
          status: 'approved',
          approvedAmount: amount,
          reviewerStaffId: input.staffId,
          approvedAt: input.now,
          offerExpiresAt,
          updatedAt: new Date(),
        })
        .where(eq(loans.id, loan.id))
        .returning();
      await recordAudit(tx, {
        staffId: input.staffId,
        action: 'loan.approve',
        targetType: 'loan',
        targetId: loan.id,
        details: { userId: String(loan.userId), before: snapshot(loan), after: snapshot(offered!) },
      });
      await notify(tx, {
        userId: loan.userId,
        audience: 'buyer',
        event: 'loan.offered',
        params: {
          loanId: String(loan.id),
          amount: formatMoney(amount),
          expiresAt: offerExpiresAt.toISOString(),
        },
      });
      return offered!;
    }
    const { row: updated, transactionId } = await disburseLoan(tx, loan, {
      amount,
      reviewerStaffId: input.staffId,
      approvedAt: input.now,
      now: input.now,
    });
    await recordAudit(tx, {
      staffId: input.staffId,
      action: 'loan.approve',
      targetType: 'loan',
      targetId: loan.id,
      details: {
        userId: String(loan.userId),
        before: snapshot(loan),
        after: snapshot(updated),
        ledgerTransactionId: String(transactionId),
      },
    });
    return updated;
  });
  return presentLoan(db, row, input.now);
}

/** A loan row locked for a staff decision (review, reject, an offer's withdrawal); LOAN_NOT_FOUND when there is none. */
export async function lockLoan(tx: Executor, id: bigint): Promise<TLoanRow> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
  if (!loan) {
    throw new AppError('LOAN_NOT_FOUND');
  }
  return loan;
}

/** Rejects an application (also one with a first approval): the loan fails and may be applied for again. */
export async function rejectLoan(
  db: Database,
  input: { staffId: bigint; id: bigint; reason: string; now: Date },
): Promise<TLoan> {
  const row = await db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.id);
    if (loan.status !== 'applying' && loan.status !== 'reviewing') {
      throw new AppError('RECORD_ALREADY_REVIEWED');
    }
    const [updated] = await tx
      .update(loans)
      .set({
        status: 'failed',
        rejectReason: input.reason,
        rejectedAt: input.now,
        reviewerStaffId: input.staffId,
        updatedAt: new Date(),
      })
      .where(eq(loans.id, loan.id))
      .returning();
    await cancelWaitingApproval(tx, { action: 'loan', targetId: String(loan.id), staffId: input.staffId });
    await recordAudit(tx, {
      staffId: input.staffId,
      action: 'loan.reject',
      targetType: 'loan',
      targetId: loan.id,
      details: {
        userId: String(loan.userId),
        reason: input.reason,
        before: snapshot(loan),
        after: snapshot(updated!),
      },
    });
    await notify(tx, {
      userId: loan.userId,
      audience: 'buyer',
      event: 'loan.rejected',
      params: { loanId: String(loan.id), reason: input.reason },
    });
    return updated!;
  });
  return presentLoan(db, row, input.now);
}

/**
 * The second reviewer declined the first approval in the queue: the loan goes back to waiting for a first
 * review (the queue's decline is audited there), as a declined withdrawal goes back to its review queue.
 */
export async function reopenFirstReview(tx: Executor, input: { targetId: string }) {
  await tx
    .update(loans)
    .set({
      status: 'applying',
      firstReviewerStaffId: null,
      firstApprovedAmount: null,
      firstApprovedAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(loans.id, BigInt(input.targetId)), eq(loans.status, 'reviewing')));
}
