import {
  findSettingDefinition,
  findWalletSettingConflict,
  PUBLIC_SYSTEM_PARAM_CODES,
  type TSystemParam,
  WALLET_SETTINGS,
} from '@caravan/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { systemParams } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { TranslatedParam } from '../../i18n/messages';
import { recordAudit } from '../audit';

const PUBLIC_CODES: ReadonlySet<string> = new Set(PUBLIC_SYSTEM_PARAM_CODES);

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

/**
 * Every setting is declared with its range (packages/contracts/src/settings, registry SETTING_DEFINITIONS);
 * a value outside it is refused with a clear, localised error, never stored and silently ignored. Returns the value
 * in its declared form.
 */
export function validSetting(code: string, value: string): string {
  const declared = findSettingDefinition(code);
  if (!declared) {
    throw new AppError('SETTING_UNKNOWN', { field: 'code' }, { code });
  }
  const parsed = declared.schema.safeParse(value);
  if (parsed.success) {
    // As the setting's schema writes it (trimmed, "007" as 7): what is stored, read and audited.
    return parsed.data;
  }
  if (declared.range?.isWellFormed(value)) {
    throw new AppError(
      'SETTING_OUT_OF_RANGE',
      { field: 'value', min: declared.range.min, max: declared.range.max },
      { code, min: declared.range.min, max: declared.range.max },
    );
  }
  // The schema's own English wording goes in the details (for API clients); the message words the rule in the
  // reader's language. Every declared setting has a range or a rule (settings-registry.test.ts).
  const rule = parsed.error.issues[0]?.message ?? declared.description;
  throw new AppError(
    'SETTING_INVALID',
    { field: 'value', rule },
    {
      code,
      rule: declared.rule
        ? new TranslatedParam(`validation:settingRules.${declared.rule.key}`, declared.rule.params)
        : rule,
    },
  );
}

const WALLET_CODES: readonly string[] = Object.keys(WALLET_SETTINGS);

/**
 * Refuses a wallet setting that cannot stand with the others (contracts' findWalletSettingConflict): read inside
 * the saving transaction with the rows locked, so two staff changing the minimum and a fee at once cannot both
 * pass against the old values.
 */
async function assertWalletSettingsAgree(tx: Executor, code: string, value: string): Promise<void> {
  if (!WALLET_CODES.includes(code)) {
    return;
  }
  const rows = await tx
    .select({ code: systemParams.code, value: systemParams.value })
    .from(systemParams)
    .where(inArray(systemParams.code, [...WALLET_CODES]))
    .orderBy(asc(systemParams.code))
    .for('update');
  const values: Record<string, string> = Object.fromEntries(
    Object.entries(WALLET_SETTINGS).map(([walletCode, definition]) => [walletCode, definition.defaultValue]),
  );
  for (const row of rows) {
    values[row.code] = row.value;
  }
  values[code] = value.trim();
  const conflict = findWalletSettingConflict(values);
  if (conflict) {
    throw new AppError(conflict.error, { field: 'value' }, { code, ...conflict.params });
  }
}

export async function updateSystemParam(
  db: Database,
  staffId: bigint,
  input: { code: string; value: string },
) {
  const value = validSetting(input.code, input.value);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(systemParams)
      .where(eq(systemParams.code, input.code))
      .for('update');
    if (!current) {
      throw new AppError('RECORD_NOT_FOUND');
    }
    if (current.value === value) {
      // Saved again as it was: nothing changed, so nothing for the audit log to tell.
      return;
    }
    await assertWalletSettingsAgree(tx, input.code, value);
    await tx
      .update(systemParams)
      .set({ value, updatedAt: sql`now()` })
      .where(eq(systemParams.code, input.code));
    await recordAudit(tx, {
      staffId,
      action: 'system_param.update',
      targetType: 'system_param',
      targetId: input.code,
      details: { before: current.value, after: value },
    });
  });
}
