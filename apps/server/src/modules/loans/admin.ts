import {
  formatMoney,
  parseMoney,
  type TAdminLoan,
  type TAdminLoanDetail,
  type TAdminLoanSort,
  type TApprovalFacts,
  type TListSort,
  type TLoanBook,
  type TLoanStatus,
  type TVerificationLevel,
  type TVerificationStatus,
} from '@caravan/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listOrderBy } from '../../db/list-sort';
import {
  identityVerifications,
  ledgerTransactions,
  loanProducts,
  loans,
  orders,
  users,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { getBalances, getPlatformBalance } from '../ledger';
import { loanTermsOf, loanTotalsOf, type TLoanRow } from './accrual';
import { daysSince } from './clock';
import { owedNow } from './loan-math';
import { presentLoan } from './present';
import { rateString } from './products';
import { approvalCeiling } from './review';
import { getLoanSettings } from './settings';
import { toAdminVerification } from './verification';

async function toAdminLoan(
  db: Executor,
  row: TLoanRow,
  user: { usercode: string; username: string | null; userStatus: TAdminLoan['userStatus'] },
  threshold: bigint,
  now: Date,
): Promise<TAdminLoan> {
  const amount = row.firstApprovedAmount ?? row.amount;
  return {
    ...(await presentLoan(db, row, now)),
    userId: String(row.userId),
    usercode: user.usercode,
    userDisplayName: user.username ?? user.usercode,
    firstReviewerId: row.firstReviewerStaffId === null ? null : String(row.firstReviewerStaffId),
    firstApprovedAmount: row.firstApprovedAmount === null ? null : formatMoney(row.firstApprovedAmount),
    needsSecondReview: row.status === 'reviewing' || (row.status === 'applying' && amount > threshold),
    userStatus: user.userStatus,
  };
}

export async function listAdminLoans(
  db: Executor,
  query: {
    pageNum: number;
    pageSize: number;
    status?: TLoanStatus | undefined;
    now: Date;
  } & TListSort<TAdminLoanSort>,
) {
  const where = query.status ? eq(loans.status, query.status) : undefined;
  const [total] = await db.select({ n: count() }).from(loans).where(where);
  const rows = await db
    .select({ loan: loans, usercode: users.usercode, username: users.username, userStatus: users.status })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(where)
    .orderBy(
      ...listOrderBy(
        query,
        // The amount the queue shows: the approved one once there is one, else the one asked for.
        { createdAt: loans.createdAt, amount: sql`coalesce(${loans.approvedAmount}, ${loans.amount})` },
        loans.id,
        [desc(loans.id)],
      ),
    )
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const { fourEyesThreshold } = await getLoanSettings(db);
  const pageList: TAdminLoan[] = [];
  for (const r of rows) {
    pageList.push(await toAdminLoan(db, r.loan, r, fourEyesThreshold, query.now));
  }
  return { pageList, pageNum: query.pageNum, pageSize: query.pageSize, total: total?.n ?? 0 };
}

/** A loan with the documents and the applicant's history (orders, wallet, earlier loans) and its ledger movements. */
export async function getAdminLoan(
  db: Executor,
  input: { id: bigint; now: Date },
): Promise<TAdminLoanDetail> {
  const [found] = await db
    .select({ loan: loans, usercode: users.usercode, username: users.username, userStatus: users.status })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(eq(loans.id, input.id));
  if (!found) {
    throw new AppError('LOAN_NOT_FOUND');
  }
  const { loan } = found;
  const { fourEyesThreshold } = await getLoanSettings(db);
  const verifications = await db
    .select()
    .from(identityVerifications)
    .where(and(eq(identityVerifications.userId, loan.userId), eq(identityVerifications.status, 'approved')));
  const realName = verifications.find((v) => v.level === 'real_name');
  const advanced = verifications.find((v) => v.level === 'advanced');
  const [orderStats] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${orders.total}), 0)::text` })
    .from(orders)
    .where(eq(orders.buyerUserId, loan.userId));
  const balances = await getBalances(db, loan.userId);
  const earlier = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, loan.userId), sql`${loans.id} <> ${loan.id}`))
    .orderBy(desc(loans.id))
    .limit(20);
  const movements = await db.execute<{ id: string; kind: string; amount: string; created_at: Date | string }>(
    sql`select t.id::text as id, t.kind, coalesce(sum(p.amount) filter (where a.kind = 'user_available'), 0)::text as amount, t.created_at
        from ${ledgerTransactions} t
        join ledger_postings p on p.transaction_id = t.id
        join ledger_accounts a on a.id = p.account_id
        where t.reference_type = 'loan' and t.reference_id = ${String(loan.id)}
        group by t.id order by t.id`,
  );
  const isOpen = loan.status === 'applying' || loan.status === 'reviewing';
  const [product] = isOpen
    ? await db
        .select({ minAmount: loanProducts.minAmount })
        .from(loanProducts)
        .where(eq(loanProducts.id, loan.productId))
    : [];
  return {
    loan: await toAdminLoan(db, loan, found, fourEyesThreshold, input.now),
    verification: realName ? toAdminVerification(realName, found.usercode, found.username) : null,
    advanced: advanced ? toAdminVerification(advanced, found.usercode, found.username) : null,
    history: {
      orderCount: orderStats?.n ?? 0,
      orderTotal: formatMoney(parseMoney(orderStats?.total ?? '0')),
      walletAvailable: formatMoney(balances.available),
      walletHeld: formatMoney(balances.held),
      earlierLoans: earlier.map((e) => ({
        id: String(e.id),
        status: e.status,
        amount: formatMoney(e.approvedAmount ?? e.amount),
        createdAt: e.createdAt.toISOString(),
        overdueDays: e.hasBeenOverdue ? 1 : 0,
      })),
    },
    movements: movements.rows.map((m) => ({
      transactionId: m.id,
      kind: m.kind,
      amount: formatMoney(parseMoney(m.amount)),
      createdAt: new Date(m.created_at).toISOString(),
    })),
    approval: isOpen
      ? {
          minAmount: formatMoney(product?.minAmount ?? 0n),
          maxAmount: formatMoney(approvalCeiling(loan)),
          fourEyesThreshold: formatMoney(fourEyesThreshold),
        }
      : null,
  };
}

/**
 * What the second approver of a loan sees in the approvals queue: whose loan it is, as the first approval's
 * confirmation names the borrower beside the amount, and the terms the first reviewer approved (product, term,
 * rate, repayment mode, the amount asked and the amount approved) with the borrower's identity checks (QA L7: the
 * queue showed only the borrower).
 */
export async function loanApprovalFacts(
  db: Executor,
  targetIds: string[],
): Promise<Map<string, TApprovalFacts>> {
  const ids = targetIds.filter((id) => /^\d{1,18}$/.test(id)).map(BigInt);
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({
      loan: loans,
      usercode: users.usercode,
      username: users.username,
      productName: loanProducts.name,
      productKind: loanProducts.kind,
    })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .innerJoin(loanProducts, eq(loanProducts.id, loans.productId))
    .where(inArray(loans.id, ids));
  const userIds = [...new Set(rows.map((row) => row.loan.userId))];
  const checks =
    userIds.length === 0
      ? []
      : await db
          .select({
            userId: identityVerifications.userId,
            level: identityVerifications.level,
            status: identityVerifications.status,
          })
          .from(identityVerifications)
          .where(inArray(identityVerifications.userId, userIds))
          .orderBy(desc(identityVerifications.id));
  // The latest submission per user and level (rows come newest first).
  const statusOf = (userId: bigint, level: TVerificationLevel): TVerificationStatus =>
    checks.find((check) => check.userId === userId && check.level === level)?.status ?? 'not_submitted';
  return new Map(
    rows.map(({ loan, usercode, username, productName, productKind }) => [
      String(loan.id),
      {
        userName: username ?? usercode,
        usercode,
        network: null,
        address: null,
        txHash: null,
        bank: null,
        fee: null,
        actualAmount: null,
        loan: {
          productKind,
          productName,
          termDays: loan.termDays,
          dailyRate: rateString(loan.dailyRate),
          mode: loan.mode,
          amountAsked: formatMoney(loan.amount),
          firstApprovedAmount:
            loan.firstApprovedAmount === null ? null : formatMoney(loan.firstApprovedAmount),
          realNameStatus: statusOf(loan.userId, 'real_name'),
          advancedStatus: statusOf(loan.userId, 'advanced'),
        },
      },
    ]),
  );
}

const BUCKETS: { bucket: string; from: number; to: number }[] = [
  { bucket: '1-30', from: 1, to: 30 },
  { bucket: '31-60', from: 31, to: 60 },
  { bucket: '61-90', from: 61, to: 90 },
  { bucket: '90+', from: 91, to: Number.MAX_SAFE_INTEGER },
];

/**
 * The loan book: outstanding principal (and the ledger's loan book account, which must equal it),
 * interest and penalties owed, overdue loans by age, and disbursed and repaid amounts per day.
 */
export async function getLoanBook(db: Executor, input: { now: Date; days?: number }): Promise<TLoanBook> {
  const open = await db
    .select()
    .from(loans)
    .where(inArray(loans.status, ['disbursed', 'overdue']));
  let principal = 0n;
  let interest = 0n;
  let penalty = 0n;
  const buckets = BUCKETS.map((b) => ({ ...b, count: 0, principal: 0n }));
  for (const loan of open) {
    const outstanding = (loan.approvedAmount ?? 0n) - loan.principalPaid;
    principal += outstanding;
    // Owed as the borrower is charged it (whole cents), so the book adds up to what the loans' pages say.
    const owed = owedNow(loanTermsOf(loan), loanTotalsOf(loan));
    interest += owed.interest;
    penalty += owed.penalty;
    if (loan.status === 'overdue' && loan.overdueSince) {
      const age = Math.max(1, daysSince(loan.overdueSince, input.now));
      const bucket = buckets.find((b) => age >= b.from && age <= b.to)!;
      bucket.count += 1;
      bucket.principal += outstanding;
    }
  }
  const days = input.days ?? 30;
  const since = new Date(input.now.getTime() - days * 86_400_000);
  const daily = await db.execute<{ day: string; disbursed: string; repaid: string }>(
    sql`select to_char(date_trunc('day', t.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
          coalesce(sum(p.amount) filter (where t.kind = 'loan_disbursement' and a.kind = 'user_available'), 0)::text as disbursed,
          coalesce(-sum(p.amount) filter (where t.kind = 'loan_repayment' and a.kind = 'user_available'), 0)::text as repaid
        from ledger_transactions t
        join ledger_postings p on p.transaction_id = t.id
        join ledger_accounts a on a.id = p.account_id
        where t.kind in ('loan_disbursement', 'loan_repayment') and t.created_at >= ${since.toISOString()}::timestamptz
        group by 1 order by 1`,
  );
  return {
    outstandingPrincipal: formatMoney(principal),
    ledgerLoanBook: formatMoney(-(await getPlatformBalance(db, 'loan_book'))),
    interestOwed: formatMoney(interest),
    penaltyOwed: formatMoney(penalty),
    openLoans: open.length,
    overdueBuckets: buckets.map((b) => ({
      bucket: b.bucket,
      count: b.count,
      principal: formatMoney(b.principal),
    })),
    daily: daily.rows.map((d) => ({
      day: d.day,
      disbursed: formatMoney(parseMoney(d.disbursed)),
      repaid: formatMoney(parseMoney(d.repaid)),
    })),
  };
}
