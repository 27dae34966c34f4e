import { formatMoney, type TLoan } from '@caravan/contracts';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { loans } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { withMoneyTransaction } from '../ledger';
import { notify } from '../notifications';
import type { TLoanRow } from './accrual';
import { presentLoan } from './present';
import { assertBorrowerActive, disburseLoan } from './review';

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
    const { row: disbursed } = await disburseLoan(tx, loan, {
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
