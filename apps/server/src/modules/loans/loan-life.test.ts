import { CENT, parseMoney, REPAYMENT_MODES, type TMoney } from '@caravan/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { identityVerifications, loanAccruals, loanProducts, loans } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createTestStaff, createTestUser, fundUser } from '../../testing/fixtures';
import { createTestApp, type TTestContext } from '../../testing/test-app';
import { checkLedger, getBalances, getPlatformBalance } from '../ledger';
import { runLoanAccrual } from './accrual';
import { applyForLoan } from './apply';
import { repayLoan } from './repay';
import { approveLoan } from './review';

const TX_PASSWORD = '246802';
const DAY = 86_400_000;

type TStep =
  | { kind: 'wait'; days: number }
  | { kind: 'amount'; cents: bigint }
  | { kind: 'next' }
  | { kind: 'all' };

const arbitraryStep: fc.Arbitrary<TStep> = fc.oneof(
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 0, max: 45 }) }),
  fc.record({ kind: fc.constant('amount' as const), cents: fc.bigInt({ min: 1n, max: 5_000_000n }) }),
  fc.record({ kind: fc.constant('next' as const) }),
  fc.record({ kind: fc.constant('all' as const) }),
);

/**
 * A whole simulated loan life on an injected clock: disbursement, accrual over waited days (missed days
 * are caught up), partial, next-instalment and early repayments, overdue, repaid. After every step the
 * ledger check holds and the loan book account equals the principal of the open loans.
 */
describe('a loan life on an injected clock', () => {
  let ctx: TTestContext;
  let db: Database;
  let reviewer: { id: bigint };
  let productId: bigint;

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    reviewer = await createTestStaff(db, ['loans.review']);
    const [product] = await db.select().from(loanProducts).where(eq(loanProducts.code, 'credit'));
    productId = product!.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function assertBooksBalance() {
    const report = await checkLedger(db);
    expect(report.breaches).toEqual([]);
    const [open] = await db
      .select({ total: sql<string>`coalesce(sum(approved_amount - principal_paid), 0)::text` })
      .from(loans)
      .where(sql`${loans.status} in ('disbursed', 'overdue')`);
    expect(-(await getPlatformBalance(db, 'loan_book'))).toBe(parseMoney(open!.total));
  }

  it('property: the ledger stays clean and the loan book equals the open loans', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1_000, max: 30_000 }),
        fc.constantFrom(30, 60, 90, 180),
        fc.constantFrom(...REPAYMENT_MODES),
        fc.array(arbitraryStep, { minLength: 1, maxLength: 12 }),
        async (hundreds, termDays, mode, steps) => {
          const user = await createTestUser(db, { txPassword: TX_PASSWORD });
          await db.insert(identityVerifications).values({
            userId: user.id,
            level: 'real_name',
            status: 'approved',
            realName: 'Life Test',
            nationality: 'DE',
            idType: 'passport',
            idNumber: `L${user.id}`,
            idNumberKey: `L${user.id}`,
          });
          await db
            .insert(identityVerifications)
            .values({ userId: user.id, level: 'advanced', status: 'approved' });
          await fundUser(db, user.id, '50000');
          let now = new Date(Date.UTC(2026, 0, 1, 9));
          const applied = await applyForLoan(db, {
            userId: user.id,
            request: {
              productId: String(productId),
              amount: String(hundreds * 100),
              termDays,
              mode,
              purpose: 'simulation',
              agreed: true,
            },
          });
          const loanId = BigInt(applied.id);
          // above the default four-eyes threshold (1,000,000) two reviewers are needed
          const first = await approveLoan(db, { staffId: reviewer.id, id: loanId, now });
          if (first.status === 'reviewing') {
            const second = await createTestStaff(db, ['loans.review']);
            await approveLoan(db, { staffId: second.id, id: loanId, now });
          }
          await assertBooksBalance();
          for (const step of steps) {
            if (step.kind === 'wait') {
              now = new Date(now.getTime() + step.days * DAY);
              await runLoanAccrual(db, now);
            } else {
              try {
                await repayLoan(db, {
                  userId: user.id,
                  loanId,
                  kind: step.kind,
                  amount: step.kind === 'amount' ? (Number(step.cents) / 100).toFixed(2) : undefined,
                  txPassword: TX_PASSWORD,
                  now,
                });
              } catch (error) {
                // refusals are allowed outcomes (nothing owed, more than owed, wallet too low); nothing may move
                expect(error).toBeInstanceOf(AppError);
                expect([
                  'LOAN_NOT_REPAYABLE',
                  'LOAN_NOTHING_DUE_YET',
                  'LOAN_REPAY_TOO_MUCH',
                  'INSUFFICIENT_BALANCE',
                ]).toContain((error as AppError).code);
              }
            }
            await assertBooksBalance();
            const [row] = await db.select().from(loans).where(eq(loans.id, loanId));
            expect(row!.interestPaid <= row!.interestAccrued && row!.penaltyPaid <= row!.penaltyAccrued).toBe(
              true,
            );
            expect(row!.principalPaid <= (row!.approvedAmount as TMoney)).toBe(true);
            // Every repayment takes whole cents: a fraction of a cent left in the wallet could never be withdrawn.
            expect((await getBalances(db, user.id)).available % CENT).toBe(0n);
          }
          // settle the rest: the loan ends repaid with nothing owed
          await fundUser(db, user.id, '40000000');
          const before = await db.select().from(loans).where(eq(loans.id, loanId));
          if (before[0]!.status !== 'repaid') {
            await repayLoan(db, { userId: user.id, loanId, kind: 'all', txPassword: TX_PASSWORD, now });
          }
          const [done] = await db.select().from(loans).where(eq(loans.id, loanId));
          expect(done!.status).toBe('repaid');
          expect(done!.principalPaid).toBe(done!.approvedAmount);
          const days = await db
            .select({ day: loanAccruals.day })
            .from(loanAccruals)
            .where(eq(loanAccruals.loanId, loanId));
          expect(new Set(days.map((d) => d.day)).size).toBe(days.length);
          expect((await getBalances(db, user.id)).available >= 0n).toBe(true);
          await assertBooksBalance();
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
