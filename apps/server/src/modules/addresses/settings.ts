import { PLATFORM_SETTINGS } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { systemParams } from '../../db/schema';

/**
 * Most addresses one buyer keeps (system param address_limit). Read fresh, inside the add transaction:
 * the limit guards a write. A stored value that breaks its declaration counts as the declared default,
 * as for the order settings.
 */
export async function getAddressLimit(db: Executor): Promise<number> {
  const setting = PLATFORM_SETTINGS.address_limit;
  const [row] = await db
    .select({ value: systemParams.value })
    .from(systemParams)
    .where(eq(systemParams.code, 'address_limit'))
    .limit(1);
  const value = row && setting.schema.safeParse(row.value).success ? row.value.trim() : setting.defaultValue;
  return Number.parseInt(value, 10);
}
