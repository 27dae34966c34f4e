import {
  allocateRepayment,
  displayMoney,
  formatMoney,
  parseMoney,
  type TLoan,
  type TLoanRepayment,
  type TMoney,
} from '@caravan/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loanRepayments, loans } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { verifyTxPassword } from '../account';
import { postLedgerTransaction, type TPosting, withMoneyTransaction } from '../ledger';
import { catchUpLoan, loadAccruals, loanTermsOf, loanTotalsOf, overdueFields } from './accrual';
import { addDays, daysSince } from './clock';
import { interestThroughOf, nextInstalment, owedNow, scheduleOf, totalOwed } from './loan-math';
import { presentLoan } from './present';

export type TRepayInput = {
  userId: bigint;
  loanId: bigint;
  kind: 'next' | 'all' | 'amount';
  amount?: string | undefined;
  txPassword: string;
  now: Date;
};

/**
 * A repayment from the wallet, after the transaction password: the loan is first accrued up to today
 * (under its row lock), then the amount pays penalty, then interest, then principal. The wallet pays the
 * loan book (principal) and interest income (interest and penalty) in one ledger transaction. Paying
 * early owes interest to date only; a loan with nothing left owed is repaid.
 */
export async function repayLoan(
  db: Database,
  input: TRepayInput,
): Promise<{ repayment: TLoanRepayment; loan: TLoan }> {
  if (input.kind === 'amount' && input.amount === undefined) {
    throw new AppError('AMOUNT_INVALID');
  }
  // Another buyer's loan is not found, whatever the password (checked first, so nothing is counted).
  const [own] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.id, input.loanId), eq(loans.userId, input.userId)))
    .limit(1);
  if (!own) {
    throw new AppError('LOAN_NOT_FOUND');
  }
  await verifyTxPassword(db, input.userId, input.txPassword);
  const result = await withMoneyTransaction(db, async (tx) => {
    const loan = await catchUpLoan(tx, input.loanId, input.now);
    if (!loan || loan.userId !== input.userId) {
      throw new AppError('LOAN_NOT_FOUND');
    }
    if ((loan.status !== 'disbursed' && loan.status !== 'overdue') || !loan.disbursedOn) {
      throw new AppError('LOAN_NOT_REPAYABLE');
    }
    const terms = loanTermsOf(loan);
    const totals = loanTotalsOf(loan);
    const owed = owedNow(terms, totals);
    const owedTotal = totalOwed(owed);
    if (owedTotal === 0n) {
      throw new AppError('LOAN_NOT_REPAYABLE');
    }
    const accruals = await loadAccruals(tx, loan.id);
    const today = daysSince(loan.disbursedOn, input.now);
    let amount: TMoney;
    if (input.kind === 'all') {
      amount = owedTotal;
    } else if (input.kind === 'next') {
      const next = nextInstalment(terms, scheduleOf(terms), totals, interestThroughOf(accruals), today);
      if (next.amount === 0n) {
        // Interest cannot be paid before it accrues; another amount goes to the principal instead.
        const dueDate = addDays(loan.disbursedOn, next.dueDay ?? terms.termDays);
        throw new AppError('LOAN_NOTHING_DUE_YET', { dueDate }, { dueDate });
      }
      amount = next.amount;
    } else {
      amount = parseMoney(input.amount!, 2);
      if (amount > owedTotal) {
        throw new AppError(
          'LOAN_REPAY_TOO_MUCH',
          { owed: formatMoney(owedTotal) },
          { owed: `${displayMoney(owedTotal)} USDT` },
        );
      }
    }
    const split = allocateRepayment(owed, amount);
    const [repayment] = await tx
      .insert(loanRepayments)
      .values({
        loanId: loan.id,
        userId: loan.userId,
        amount,
        penalty: split.penalty,
        interest: split.interest,
        principal: split.principal,
        // The loan's repaidAt below is this same instant: the timeline put "Repaid" before the repayment that did it.
        createdAt: input.now,
      })
      .returning();
    const income = split.penalty + split.interest;
    const postings: TPosting[] = [
      { account: { kind: 'user_available', userId: loan.userId }, amount: -amount },
    ];
    if (split.principal > 0n) {
      postings.push({ account: { kind: 'loan_book' }, amount: split.principal });
    }
    if (income > 0n) {
      postings.push({ account: { kind: 'interest_income' }, amount: income });
    }
    const { transactionId } = await postLedgerTransaction(tx, {
      idempotencyKey: `loan:repay:${repayment!.id}`,
      kind: 'loan_repayment',
      reference: { type: 'loan', id: loan.id },
      postings,
    });
    await tx.update(loanRepayments).set({ transactionId }).where(eq(loanRepayments.id, repayment!.id));
    const after = {
      ...totals,
      principalPaid: totals.principalPaid + split.principal,
      interestPaid: totals.interestPaid + split.interest,
      penaltyPaid: totals.penaltyPaid + split.penalty,
    };
    const isRepaid = totalOwed(owedNow(terms, after)) === 0n && after.principalPaid === terms.principal;
    const [updated] = await tx
      .update(loans)
      .set({
        principalPaid: after.principalPaid,
        interestPaid: after.interestPaid,
        penaltyPaid: after.penaltyPaid,
        ...(isRepaid
          ? { status: 'repaid' as const, repaidAt: input.now, overdueSince: null }
          : overdueFields(loan, after, accruals, today)),
        updatedAt: new Date(),
      })
      .where(eq(loans.id, loan.id))
      .returning();
    return { repayment: repayment!, loan: updated! };
  });
  return {
    repayment: {
      id: String(result.repayment.id),
      loanId: String(result.repayment.loanId),
      amount: formatMoney(result.repayment.amount),
      penalty: formatMoney(result.repayment.penalty),
      interest: formatMoney(result.repayment.interest),
      principal: formatMoney(result.repayment.principal),
      createdAt: result.repayment.createdAt.toISOString(),
    },
    loan: await presentLoan(db, result.loan, input.now),
  };
}
