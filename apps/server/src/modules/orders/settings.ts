import { PAYMENT_METHODS, PLATFORM_SETTINGS, type TPaymentMethod } from '@caravan/contracts';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { systemParams } from '../../db/schema';

/**
 * system_params codes read by cart and orders, with the value used when a row is missing:
 * the defaults of their declarations (packages/contracts/src/settings/platform.ts).
 */
const ORDER_SETTING_CODES = [
  'mall_max_goods_number_in_order',
  'order_auto_cancel_minutes',
  'order_auto_receive_days',
  'order_auto_review_days',
  'order_settle_days',
  'commission_rate',
  'order_tax_rate',
  'order_handling_fee_rate',
  'payment_methods_enabled',
] as const satisfies readonly (keyof typeof PLATFORM_SETTINGS)[];
type TOrderSettingCode = (typeof ORDER_SETTING_CODES)[number];

export const ORDER_SETTING_DEFAULTS = Object.fromEntries(
  ORDER_SETTING_CODES.map((code) => [code, PLATFORM_SETTINGS[code].defaultValue]),
) as Record<TOrderSettingCode, string>;

export type TOrderSettings = {
  maxBuy: number;
  autoCancelMinutes: number;
  autoReceiveDays: number;
  autoReviewDays: number;
  settleDays: number;
  commissionRate: string;
  taxRate: string;
  handlingFeeRate: string;
  paymentMethods: TPaymentMethod[];
};

/**
 * A stored value counts only when it satisfies its declaration (the admin console refuses others; a row
 * written around it falls back to the declared default instead of breaking checkout).
 */
function declared(code: TOrderSettingCode, value: string): string {
  return PLATFORM_SETTINGS[code].schema.safeParse(value).success
    ? value.trim()
    : ORDER_SETTING_DEFAULTS[code];
}

/**
 * Settings are read on every checkout; a short cache spares that query. A change made through the
 * admin console applies within CACHE_MS (each server instance has its own cache). One cache per database
 * handle, so that apps on different databases in one process (test files sharing a worker) never read each
 * other's; a caller inside a transaction reads through it (its own key, gone with the transaction).
 */
const CACHE_MS = 2_000;
const caches = new WeakMap<object, { at: number; value: TOrderSettings }>();

export function clearOrderSettingsCache(db: Executor): void {
  caches.delete(db);
}

export async function getOrderSettings(db: Executor): Promise<TOrderSettings> {
  const now = Date.now();
  const cached = caches.get(db);
  if (cached && now - cached.at < CACHE_MS) {
    return cached.value;
  }
  const value = await readOrderSettings(db);
  caches.set(db, { at: now, value });
  return value;
}

async function readOrderSettings(db: Executor): Promise<TOrderSettings> {
  const codes = Object.keys(ORDER_SETTING_DEFAULTS);
  const rows = await db
    .select({ code: systemParams.code, value: systemParams.value })
    .from(systemParams)
    .where(inArray(systemParams.code, codes));
  const found = new Map(rows.map((r) => [r.code, r.value]));
  const raw = (code: TOrderSettingCode) => declared(code, found.get(code) ?? ORDER_SETTING_DEFAULTS[code]);
  const int = (code: TOrderSettingCode) => Number.parseInt(raw(code), 10);
  const methods = raw('payment_methods_enabled')
    .split(',')
    .map((m) => m.trim())
    .filter((m): m is TPaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(m));
  return {
    maxBuy: int('mall_max_goods_number_in_order'),
    autoCancelMinutes: int('order_auto_cancel_minutes'),
    autoReceiveDays: int('order_auto_receive_days'),
    autoReviewDays: int('order_auto_review_days'),
    settleDays: int('order_settle_days'),
    commissionRate: raw('commission_rate'),
    taxRate: raw('order_tax_rate'),
    handlingFeeRate: raw('order_handling_fee_rate'),
    paymentMethods: methods,
  };
}
