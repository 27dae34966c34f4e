import {
  aprPercent,
  formatMoney,
  parseMoney,
  type TLoanProduct,
  type TLoanProductKind,
  type TLoanProductRequest,
  type TRepaymentMode,
  V,
  ZLoanProductRequest,
} from '@caravan/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { findPgError } from '../../db/pg-error';
import { loanProducts } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';

export type TLoanProductRow = typeof loanProducts.$inferSelect;

/** A rate stored as numeric(30,10) units, as the decimal string the schedule takes ("0.0005"). */
export function rateString(units: bigint): string {
  return formatMoney(units, 0);
}

export function toLoanProduct(row: TLoanProductRow): TLoanProduct {
  const dailyRate = rateString(row.dailyRate);
  return {
    id: String(row.id),
    code: row.code,
    kind: row.kind as TLoanProductKind,
    name: row.name,
    minAmount: formatMoney(row.minAmount),
    maxAmount: formatMoney(row.maxAmount),
    termOptions: row.termOptions,
    dailyRate,
    modes: row.modes as TRepaymentMode[],
    cycleDays: row.cycleDays,
    penaltyDailyRate: rateString(row.penaltyDailyRate),
    graceDays: row.graceDays,
    advancedAbove: formatMoney(row.advancedAbove),
    isActive: row.isActive,
    aprPercent: aprPercent(dailyRate),
  };
}

export async function listLoanProducts(db: Executor, options: { includeInactive?: boolean } = {}) {
  const rows = await db
    .select()
    .from(loanProducts)
    .where(options.includeInactive ? undefined : eq(loanProducts.isActive, true))
    .orderBy(asc(loanProducts.sortOrder), asc(loanProducts.id));
  return rows.map(toLoanProduct);
}

export async function findLoanProduct(db: Executor, id: bigint): Promise<TLoanProductRow> {
  const [row] = await db.select().from(loanProducts).where(eq(loanProducts.id, id)).limit(1);
  if (!row) {
    throw new AppError('LOAN_PRODUCT_NOT_FOUND');
  }
  return row;
}

function productValues(request: TLoanProductRequest) {
  const parsed = ZLoanProductRequest.parse(request);
  return {
    code: parsed.code,
    kind: parsed.kind,
    name: parsed.name,
    minAmount: parseMoney(parsed.minAmount),
    maxAmount: parseMoney(parsed.maxAmount),
    termOptions: [...new Set(parsed.termOptions)].sort((a, b) => a - b),
    dailyRate: parseMoney(parsed.dailyRate),
    modes: [...new Set(parsed.modes)],
    cycleDays: parsed.cycleDays,
    penaltyDailyRate: parseMoney(parsed.penaltyDailyRate),
    graceDays: parsed.graceDays,
    advancedAbove: parseMoney(parsed.advancedAbove),
    isActive: parsed.isActive,
  };
}

function rethrowDuplicateCode(error: unknown): never {
  const pgError = findPgError(error);
  if (pgError?.code === '23505') {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'code', message: V.loanProductCodeTaken }] });
  }
  throw error;
}

/** A new product (staff with loans.review), audited. */
export async function createLoanProduct(
  db: Database,
  input: { staffId: bigint; request: TLoanProductRequest },
): Promise<TLoanProduct> {
  const values = productValues(input.request);
  return db
    .transaction(async (tx) => {
      const [row] = await tx.insert(loanProducts).values(values).returning();
      await recordAudit(tx, {
        staffId: input.staffId,
        action: 'loan_product.create',
        targetType: 'loan_product',
        targetId: row!.id,
        details: { before: null, after: toLoanProduct(row!) },
      });
      return toLoanProduct(row!);
    })
    .catch(rethrowDuplicateCode);
}

/** Changes a product; loans already applied for keep the terms they were signed with. */
export async function updateLoanProduct(
  db: Database,
  input: { staffId: bigint; id: bigint; request: TLoanProductRequest },
): Promise<TLoanProduct> {
  const values = productValues(input.request);
  return db
    .transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(loanProducts)
        .where(eq(loanProducts.id, input.id))
        .for('update');
      if (!before) {
        throw new AppError('LOAN_PRODUCT_NOT_FOUND');
      }
      const [row] = await tx
        .update(loanProducts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(loanProducts.id, input.id))
        .returning();
      await recordAudit(tx, {
        staffId: input.staffId,
        action: 'loan_product.update',
        targetType: 'loan_product',
        targetId: input.id,
        details: { before: toLoanProduct(before), after: toLoanProduct(row!) },
      });
      return toLoanProduct(row!);
    })
    .catch(rethrowDuplicateCode);
}
