import { SELLER_SETTINGS, type TMerchantInfoResponse } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { systemParams } from '../../db/schema';
import { getOrderSettings } from '../orders';

/** What /merchantSettled shows: the external promotion page when `merchant_promo_url` is set. */
export async function getMerchantInfo(db: Database): Promise<TMerchantInfoResponse> {
  const [row] = await db
    .select({ value: systemParams.value })
    .from(systemParams)
    .where(eq(systemParams.code, 'merchant_promo_url'));
  const raw = row?.value ?? SELLER_SETTINGS.merchant_promo_url.defaultValue;
  const parsed = SELLER_SETTINGS.merchant_promo_url.schema.safeParse(raw);
  const settings = await getOrderSettings(db);
  return {
    promoUrl: parsed.success && parsed.data ? parsed.data : null,
    commissionRate: settings.commissionRate,
    settleDays: settings.settleDays,
  };
}
