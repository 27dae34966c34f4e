import {
  isMoneyString,
  MAX_BUY_DEFAULT,
  PAYMENT_METHODS,
  parseMoney,
  type TPaymentMethod,
} from '@caravan/contracts';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { systemParams } from '../../db/schema';

/** system_params codes read by cart, addresses and orders, with the value used when a row is missing. */
export const ORDER_SETTING_DEFAULTS = {
  mall_max_goods_number_in_order: String(MAX_BUY_DEFAULT),
  order_auto_cancel_minutes: '30',
  order_auto_receive_days: '7',
  order_auto_review_days: '7',
  /** Days after receipt before the escrow is released to the seller (the return window). */
  order_settle_days: '7',
  commission_rate: '0.05',
  order_tax_rate: '0',
  order_handling_fee_rate: '0',
  /** Comma-separated payment methods open on this platform. */
  payment_methods_enabled: 'balance',
  address_limit: '20',
} as const;

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
  addressLimit: number;
};

function readInt(value: string, fallback: string): number {
  const parsed = /^\d+$/.test(value.trim()) ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isSafeInteger(parsed) ? parsed : Number.parseInt(fallback, 10);
}

/** A rate between 0 and 1 as a decimal string; a malformed value falls back to the default. */
function readRate(value: string, fallback: string): string {
  const v = value.trim();
  if (!isMoneyString(v) || v.startsWith('-')) {
    return fallback;
  }
  return parseMoney(v) <= parseMoney('1') ? v : fallback;
}

/**
 * Settings are read on every checkout; a short cache spares that query. A change made through the
 * admin console applies within CACHE_MS (each server instance has its own cache).
 */
const CACHE_MS = 2_000;
let cached: { at: number; value: TOrderSettings } | undefined;

export function clearOrderSettingsCache(): void {
  cached = undefined;
}

export async function getOrderSettings(db: Executor): Promise<TOrderSettings> {
  const now = Date.now();
  if (cached && now - cached.at < CACHE_MS) {
    return cached.value;
  }
  const value = await readOrderSettings(db);
  cached = { at: now, value };
  return value;
}

async function readOrderSettings(db: Executor): Promise<TOrderSettings> {
  const codes = Object.keys(ORDER_SETTING_DEFAULTS);
  const rows = await db
    .select({ code: systemParams.code, value: systemParams.value })
    .from(systemParams)
    .where(inArray(systemParams.code, codes));
  const found = new Map(rows.map((r) => [r.code, r.value]));
  const raw = (code: keyof typeof ORDER_SETTING_DEFAULTS) => found.get(code) ?? ORDER_SETTING_DEFAULTS[code];
  const d = ORDER_SETTING_DEFAULTS;
  const methods = raw('payment_methods_enabled')
    .split(',')
    .map((m) => m.trim())
    .filter((m): m is TPaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(m));
  return {
    maxBuy: Math.max(1, readInt(raw('mall_max_goods_number_in_order'), d.mall_max_goods_number_in_order)),
    autoCancelMinutes: readInt(raw('order_auto_cancel_minutes'), d.order_auto_cancel_minutes),
    autoReceiveDays: readInt(raw('order_auto_receive_days'), d.order_auto_receive_days),
    autoReviewDays: readInt(raw('order_auto_review_days'), d.order_auto_review_days),
    settleDays: readInt(raw('order_settle_days'), d.order_settle_days),
    commissionRate: readRate(raw('commission_rate'), d.commission_rate),
    taxRate: readRate(raw('order_tax_rate'), d.order_tax_rate),
    handlingFeeRate: readRate(raw('order_handling_fee_rate'), d.order_handling_fee_rate),
    paymentMethods: methods,
    addressLimit: readInt(raw('address_limit'), d.address_limit),
  };
}
