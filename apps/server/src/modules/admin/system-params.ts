import {
  APPROVAL_SETTINGS,
  LOAN_SETTINGS,
  PUBLIC_SYSTEM_PARAM_CODES,
  type SettingDefinitions,
  STAFF_SECURITY_SETTINGS,
  type TSystemParam,
} from '@caravan/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { systemParams } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from './audit';

const PUBLIC_CODES: ReadonlySet<string> = new Set(PUBLIC_SYSTEM_PARAM_CODES);

/** Parameters whose value code reads as a number; a wrong value would break checkout or following. */
const POSITIVE_INTEGER_CODES: ReadonlySet<string> = new Set([
  'mall_max_goods_number_in_order',
  'follow_store_limit',
  'favourite_goods_limit',
]);

/** Settings declared with their range (packages/contracts/src/settings); a value outside it is refused. */
const CONSOLE_SETTINGS: SettingDefinitions = {
  ...APPROVAL_SETTINGS,
  ...STAFF_SECURITY_SETTINGS,
  ...LOAN_SETTINGS,
};

export async function listSystemParams(db: Database): Promise<TSystemParam[]> {
  const rows = await db.select().from(systemParams).orderBy(asc(systemParams.code));
  return rows.map((r) => ({
    code: r.code,
    value: r.value,
    description: r.description,
    isPublic: PUBLIC_CODES.has(r.code),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function updateSystemParam(
  db: Database,
  staffId: bigint,
  input: { code: string; value: string },
) {
  if (POSITIVE_INTEGER_CODES.has(input.code) && !/^[1-9]\d{0,8}$/.test(input.value)) {
    throw new AppError('PARAMETER_ERROR', { field: 'value' });
  }
  const declared = CONSOLE_SETTINGS[input.code];
  if (declared && !declared.schema.safeParse(input.value).success) {
    throw new AppError('PARAMETER_ERROR', { field: 'value', expected: declared.description });
  }
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(systemParams)
      .where(eq(systemParams.code, input.code))
      .for('update');
    if (!current) {
      throw new AppError('RECORD_NOT_FOUND');
    }
    await tx
      .update(systemParams)
      .set({ value: input.value, updatedAt: sql`now()` })
      .where(eq(systemParams.code, input.code));
    await recordAudit(tx, {
      staffId,
      action: 'system_param.update',
      targetType: 'system_param',
      targetId: input.code,
      details: { before: current.value, after: input.value },
    });
  });
}
