import { LOAN_SETTING_CODES, LOAN_SETTINGS, parseMoney, type TMoney } from '@caravan/contracts';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { systemParams } from '../../db/schema';

export type TLoanSettings = { fourEyesThreshold: TMoney; reminderDaysBefore: number; offerValidDays: number };

/** The loan settings; a missing or invalid stored value falls back to its declared default. */
export async function getLoanSettings(db: Executor): Promise<TLoanSettings> {
  const codes = Object.values(LOAN_SETTING_CODES);
  const rows = await db.select().from(systemParams).where(inArray(systemParams.code, codes));
  const read = (code: string): string => {
    const definition = LOAN_SETTINGS[code]!;
    const stored = rows.find((r) => r.code === code)?.value;
    return stored !== undefined && definition.schema.safeParse(stored).success
      ? stored
      : definition.defaultValue;
  };
  return {
    fourEyesThreshold: parseMoney(read(LOAN_SETTING_CODES.fourEyesThreshold)),
    reminderDaysBefore: Number(read(LOAN_SETTING_CODES.reminderDaysBefore)),
    offerValidDays: Number(read(LOAN_SETTING_CODES.offerValidDays)),
  };
}
