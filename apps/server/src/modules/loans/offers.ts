import { formatMoney, type TLoan } from '@caravan/contracts';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { loans } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { withMoneyTransaction } from '../ledger';
import { markSubjectNotificationsRead, notify } from '../notifications';
import type { TLoanRow } from './accrual';
import { presentLoan } from './present';
import { assertBorrowerActive, disburseLoan, lockLoan } from './review';

/**
 * The borrower's offer, locked: another user's loan is not found (as in getMyLoan), and one no longer waiting for an
 * answer (accepted, declined, lapsed, or past its time though the lapse job has not run yet) is refused.
 */
async function lockOpenOffer(
  tx: Executor,
  input: { userId: bigint; id: bigint; now: Date },
): Promise<TLoanRow & { approvedAmount: bigint }> {
  const [loan] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, input.id), eq(loans.userId, input.userId)))
    .for('update');
  if (!loan) {
    throw new AppError('LOAN_NOT_FOUND');
  }
  if (loan.offerOutcome === 'withdrawn') {
    // Staff took it back first (withdrawLoanOffer holds the same lock): nothing is credited, and the borrower is told why.
    throw new AppError('LOAN_OFFER_WITHDRAWN');
  }
  if (
    loan.status !== 'approved' ||
    loan.approvedAmount === null ||
    loan.offerExpiresAt === null ||
    loan.offerExpiresAt <= input.now
  ) {
    throw new AppError('LOAN_OFFER_NOT_OPEN');
  }
  return { ...loan, approvedAmount: loan.approvedAmount };
}

/**
 * The offer is settled (accepted, declined, withdrawn, lapsed): its "accept or decline before ..." notification is
 * marked read in the same transaction, so the unread count no longer invites an answer that is no longer possible.
 */
async function closeOfferNotification(tx: Executor, loan: TLoanRow): Promise<void> {
  await markSubjectNotificationsRead(
    tx,
    { userId: loan.userId, audience: 'buyer' },
    { event: 'loan.offered', subject: { loanId: String(loan.id) } },
  );
}

/**
 * The borrower's answer in the staff audit log, as staff decisions are: no staff member acted (staffId null), so the
 * borrower is named in the details as the actor.
 */
async function auditBorrowerAnswer(
  tx: Executor,
  loan: TLoanRow,
  input: {
    action: 'loan.offer_accept' | 'loan.offer_decline';
    after: TLoanRow;
    details?: Record<string, unknown>;
  },
) {
  await recordAudit(tx, {
    staffId: null,
    action: input.action,
    targetType: 'loan',
    targetId: loan.id,
    details: {
      actor: 'borrower',
      userId: String(loan.userId),
      amount: loan.approvedAmount === null ? null : formatMoney(loan.approvedAmount),
      ...input.details,
      before: { status: loan.status, offerOutcome: loan.offerOutcome },
      after: { status: input.after.status, offerOutcome: input.after.offerOutcome },
    },
  });
}

/**
 * The borrower takes a loan approved for less than asked: it is paid out exactly as a full approval is
 * (disburseLoan). The row lock makes a second accept (double click, another tab) wait and then find it decided;
 * the ledger's idempotency key per loan would refuse a second credit anyway.
 */
export async function acceptLoanOffer(
  db: Database,
  input: { userId: bigint; id: bigint; now: Date },
): Promise<TLoan> {
  const row = await withMoneyTransaction(db, async (tx) => {
    const loan = await lockOpenOffer(tx, input);
    await assertBorrowerActive(tx, loan.userId);
    const { row: disbursed, transactionId } = await disburseLoan(tx, loan, {
      amount: loan.approvedAmount,
      reviewerStaffId: loan.reviewerStaffId,
      approvedAt: loan.approvedAt ?? input.now,
      now: input.now,
    });
    const [answered] = await tx
      .update(loans)
      .set({ offerOutcome: 'accepted', offerAnsweredAt: input.now })
      .where(eq(loans.id, disbursed.id))
      .returning();
    await closeOfferNotification(tx, loan);
    await auditBorrowerAnswer(tx, loan, {
      action: 'loan.offer_accept',
      after: answered!,
      details: { ledgerTransactionId: String(transactionId) },
    });
    return answered!;
  });
  return presentLoan(db, row, input.now);
}

/** The borrower turns an offer down: the loan fails (a new application is allowed) with their reason, if any. */
export async function declineLoanOffer(
  db: Database,
  input: { userId: bigint; id: bigint; reason?: string | undefined; now: Date },
): Promise<TLoan> {
  const row = await db.transaction(async (tx) => {
    const loan = await lockOpenOffer(tx, input);
    const [updated] = await tx
      .update(loans)
      .set({
        status: 'failed',
        offerOutcome: 'declined',
        offerAnsweredAt: input.now,
        offerDeclineReason: input.reason ? input.reason : null,
        rejectedAt: input.now,
        updatedAt: new Date(),
      })
      .where(eq(loans.id, loan.id))
      .returning();
    await closeOfferNotification(tx, loan);
    await auditBorrowerAnswer(tx, loan, {
      action: 'loan.offer_decline',
      after: updated!,
      details: { reason: input.reason ? input.reason : null },
    });
    return updated!;
  });
  return presentLoan(db, row, input.now);
}

/**
 * Staff (loans.review) take back an offer the borrower has not answered: the loan fails as a lapsed one does (a new
 * application is allowed), with the staff's reason as its reject reason, and the borrower is told. Under the same row
 * lock as the borrower's accept and decline, so exactly one wins: an offer accepted first is refused here
 * (LOAN_OFFER_NOT_PENDING) and nothing changes; one withdrawn first refuses the accept (LOAN_OFFER_WITHDRAWN) and
 * nothing is credited. An offer past its expiry that the lapse job has not reached yet is refused as well.
 */
export async function withdrawLoanOffer(
  db: Database,
  input: { staffId: bigint; id: bigint; reason: string; now: Date },
): Promise<TLoan> {
  const row = await db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.id);
    if (
      loan.status !== 'approved' ||
      loan.offerOutcome !== null ||
      loan.offerExpiresAt === null ||
      loan.offerExpiresAt <= input.now
    ) {
      throw new AppError('LOAN_OFFER_NOT_PENDING');
    }
    const [updated] = await tx
      .update(loans)
      .set({
        status: 'failed',
        offerOutcome: 'withdrawn',
        rejectReason: input.reason,
        rejectedAt: input.now,
        updatedAt: new Date(),
      })
      .where(eq(loans.id, loan.id))
      .returning();
    const amount = formatMoney(loan.approvedAmount ?? loan.amount);
    await recordAudit(tx, {
      staffId: input.staffId,
      action: 'loan.offer_withdraw',
      targetType: 'loan',
      targetId: loan.id,
      details: {
        userId: String(loan.userId),
        amount,
        reason: input.reason,
        before: { status: loan.status, offerOutcome: loan.offerOutcome },
        after: { status: updated!.status, offerOutcome: updated!.offerOutcome },
      },
    });
    await closeOfferNotification(tx, loan);
    await notify(tx, {
      userId: loan.userId,
      audience: 'buyer',
      event: 'loan.offerWithdrawn',
      params: { loanId: String(loan.id), amount, reason: input.reason },
    });
    return updated!;
  });
  return presentLoan(db, row, input.now);
}

/**
 * The timed work: offers not answered by their expiry lapse (status failed, outcome lapsed; a new application is
 * allowed) and the borrower is told. Each in its own transaction under the row lock, rechecked there, so an accept
 * racing the job either disburses first or finds the offer lapsed. Safe to run again and from several processes.
 */
export async function lapseLoanOffers(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.status, 'approved'), lte(loans.offerExpiresAt, now)))
    .orderBy(asc(loans.id));
  let lapsed = 0;
  for (const { id } of due) {
    const isLapsed = await db.transaction(async (tx) => {
      const [loan] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
      if (loan?.status !== 'approved' || loan.offerExpiresAt === null || loan.offerExpiresAt > now) {
        return false;
      }
      await tx
        .update(loans)
        .set({ status: 'failed', offerOutcome: 'lapsed', rejectedAt: now, updatedAt: new Date() })
        .where(eq(loans.id, id));
      await closeOfferNotification(tx, loan);
      await notify(tx, {
        userId: loan.userId,
        audience: 'buyer',
        event: 'loan.offerLapsed',
        params: { loanId: String(loan.id), amount: formatMoney(loan.approvedAmount ?? loan.amount) },
      });
      return true;
    });
    if (isLapsed) {
      lapsed += 1;
    }
  }
  return lapsed;
}
