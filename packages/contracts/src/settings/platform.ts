import { z } from 'zod';
import { PAYMENT_METHODS } from '../api/orders';
import {
  decimalSetting,
  integerSetting,
  type RangedSettingDefinition,
  type SettingDefinitions,
} from './define';

/** Settings of the storefront, cart, orders and favourites (SPEC §7 syspara codes and migration 0008). */
export const PLATFORM_SETTINGS = {
  mall_max_goods_number_in_order: integerSetting(1, 100_000, {
    defaultValue: '500',
    description: 'Maximum quantity of one item per order',
    isPublic: true,
  }),
  follow_store_limit: integerSetting(1, 100_000, {
    defaultValue: '500',
    description: 'How many stores one buyer can follow',
    isPublic: true,
  }),
  favourite_goods_limit: integerSetting(1, 100_000, {
    defaultValue: '1000',
    description: 'How many products one buyer can keep as favourites',
  }),
  order_auto_cancel_minutes: integerSetting(1, 10_080, {
    defaultValue: '30',
    description: 'Unpaid orders are cancelled after this many minutes',
  }),
  order_auto_receive_days: integerSetting(1, 90, {
    defaultValue: '7',
    description: 'Shipped orders are confirmed as received after this many days',
  }),
  order_auto_review_days: integerSetting(1, 90, {
    defaultValue: '7',
    description: 'Received orders without a review get the default positive review after this many days',
  }),
  order_settle_days: integerSetting(0, 90, {
    defaultValue: '7',
    description: 'Days after receipt (the return window) before the seller is paid',
  }),
  commission_rate: decimalSetting('0', '1', 4, {
    defaultValue: '0.05',
    description: 'Platform commission on completed orders (0.05 = 5%)',
  }),
  order_tax_rate: decimalSetting('0', '1', 4, {
    defaultValue: '0',
    description: 'Tax rate on the goods amount of an order',
  }),
  order_handling_fee_rate: decimalSetting('0', '1', 4, {
    defaultValue: '0',
    description: 'Handling fee rate on the goods amount of an order',
  }),
  payment_methods_enabled: {
    schema: z
      .string()
      .trim()
      .refine((v) => v.split(',').every((m) => (PAYMENT_METHODS as readonly string[]).includes(m.trim())), {
        error: `a comma-separated list of ${PAYMENT_METHODS.join(', ')}`,
      })
      // Stored as the list reads: "balance,balance, card" was kept as typed, the repeat and the space included.
      .transform((v) => [...new Set(v.split(',').map((m) => m.trim()))].join(',')),
    rule: { key: 'commaList', params: { values: PAYMENT_METHODS.join(', ') } },
    defaultValue: 'balance',
    description: 'Comma-separated payment methods open on this platform',
  },
  address_limit: integerSetting(1, 100, {
    defaultValue: '20',
    description: 'Most delivery addresses one buyer can keep',
  }),
} as const satisfies SettingDefinitions;

/**
 * A withdrawal time window: from a time of day (00:00-23:59) to another or to 24:00, in UTC. 24:00 is the only time
 * past 23:59 (24:30 was taken and read as half past midnight).
 */
export const WITHDRAW_TIME_WINDOW = /^([01]\d|2[0-3]):([0-5]\d)-(([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/** Withdrawal rules (modules/wallet/settings.ts reads them). */
const FEE_RULE = 'a fixed USDT fee such as 1 or 0.5, or a percentage below 100 such as 0.5%';
const withdrawFee = (network: string, defaultValue: string): RangedSettingDefinition => ({
  schema: z
    .string()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?%?$/, { error: FEE_RULE })
    .refine((v) => !v.endsWith('%') || Number.parseFloat(v) < 100, { error: FEE_RULE }),
  rule: { key: 'withdrawFee' },
  defaultValue,
  description: `Withdrawal fee on ${network}: USDT or n%`,
});

export const WALLET_SETTINGS = {
  withdraw_min: decimalSetting('0.01', '1000000', 2, {
    defaultValue: '10',
    description: 'Smallest withdrawal in USDT',
  }),
  withdraw_max: decimalSetting('0.01', '100000000', 2, {
    defaultValue: '50000',
    description: 'Largest withdrawal in USDT',
  }),
  withdraw_daily_count: integerSetting(0, 100, {
    defaultValue: '3',
    description: 'Withdrawals a user may apply for per UTC day',
  }),
  withdraw_time_window: {
    schema: z.string().trim().regex(WITHDRAW_TIME_WINDOW, {
      error: 'a time window HH:mm-HH:mm in UTC such as 09:00-18:00',
    }),
    rule: { key: 'timeWindow' },
    defaultValue: '00:00-24:00',
    description: 'When withdrawals may be applied for, HH:mm-HH:mm in UTC',
  },
  'withdraw_fee.USDT-TRC20': withdrawFee('TRC20', '1'),
  'withdraw_fee.USDT-ERC20': withdrawFee('ERC20', '5'),
  'withdraw_fee.ETH': withdrawFee('ETH', '0.5%'),
  'withdraw_fee.BTC': withdrawFee('BTC', '1%'),
} as const satisfies SettingDefinitions;

/** A withdrawal fee setting's fixed USDT amount, or null for a percentage (or a value its schema refuses). */
function fixedFee(value: string): number | null {
  const match = /^(\d{1,8}(?:\.\d{1,2})?)$/.exec(value.trim());
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** Why a set of withdrawal settings cannot stand together: the error code of contracts/errors.ts and its texts. */
export type TSettingConflict = {
  error: 'SETTING_MIN_ABOVE_MAX' | 'SETTING_FEE_NOT_BELOW_MIN';
  params: Record<string, string>;
};

/**
 * The withdrawal settings that only make sense together, checked whenever one of them changes: each is valid on its
 * own, but a smallest withdrawal above the largest, or a fixed fee that eats the smallest withdrawal whole, closes
 * withdrawals for everyone (wallet/withdraw.ts refuses every amount). `values` holds every wallet setting's value
 * after the change; amounts are compared as numbers, which is exact at their two decimals.
 */
export function findWalletSettingConflict(values: Readonly<Record<string, string>>): TSettingConflict | null {
  const min = values.withdraw_min;
  const max = values.withdraw_max;
  if (min !== undefined && max !== undefined && Number(min) > Number(max)) {
    return { error: 'SETTING_MIN_ABOVE_MAX', params: { min, max } };
  }
  for (const [code, value] of Object.entries(values)) {
    const fee = code.startsWith('withdraw_fee.') ? fixedFee(value) : null;
    if (fee !== null && min !== undefined && fee >= Number(min)) {
      return {
        error: 'SETTING_FEE_NOT_BELOW_MIN',
        params: { network: code.slice('withdraw_fee.'.length), fee: value.trim(), min },
      };
    }
  }
  return null;
}
