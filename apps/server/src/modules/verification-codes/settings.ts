import { ACCOUNT_SETTINGS, type TAccountSettingCode } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { systemParams } from '../../db/schema';

/** A platform setting of the account services; a stored value outside its range falls back to the default. */
export async function readAccountSetting(db: Executor, code: TAccountSettingCode): Promise<string> {
  const [row] = await db
    .select({ value: systemParams.value })
    .from(systemParams)
    .where(eq(systemParams.code, code))
    .limit(1);
  const setting = ACCOUNT_SETTINGS[code];
  const parsed = setting.schema.safeParse(row?.value ?? setting.defaultValue);
  return parsed.success ? parsed.data : setting.defaultValue;
}
