import { z } from 'zod';
import { PAGE_SIZE, RECHARGE_DECIMALS, RECHARGE_MIN } from '../constants';
import { zSortQuery } from '../list-sort';
import { CHARGE_DECIMALS, isDecimalAbove, isMoneyString, MONEY_SCALE, parseMoney } from '../money';
import {
  messageWithValues,
  requiredOrInvalid,
  V,
  zId,
  zInstant,
  zLocalizedLines,
  zPageNum,
  zPageSize,
  zTxPassword,
  zWhole,
} from '../validation';
import { ZRecordFourEyes } from './approvals';
import { UPLOAD_REF_PATTERN } from './upload-ref';

/**
 * Wallet calls: balance, recharge (chain, bank card, third party), withdrawal. Amounts are decimal
 * strings of USDT (or of the channel's currency where said). Validation messages are keys of the
 * `validation` dictionary; the ones added for the wallet are listed in WALLET_VALIDATION_KEYS.
 */
export const WALLET_VALIDATION_KEYS = {
  rechargeAmount: 'rechargeAmount',
  currencyRequired: 'currencyRequired',
  txHash: 'txHash',
  certificateUrl: 'certificateUrl',
  bankName: 'bankName',
  cardNumber: 'cardNumber',
  withdrawAddress: 'withdrawAddress',
  /** An address whose form is not the network's (a TRON address for USDT-ERC20). */
  withdrawAddressFormat: 'withdrawAddressFormat',
  /** One of the platform's own deposit addresses given as a withdrawal address. */
  withdrawAddressIsPlatform: 'withdrawAddressIsPlatform',
  network: 'network',
  region: 'region',
  reason: 'reason',
  timeWindow: 'timeWindow',
} as const;
const W = WALLET_VALIDATION_KEYS;

export const WALLET_RECORD_STATUSES = ['processing', 'success', 'fail'] as const;
export type TWalletRecordStatus = (typeof WALLET_RECORD_STATUSES)[number];

export const CHANNEL_KINDS = ['blockchain', 'bank', 'third_party'] as const;
export type TChannelKind = (typeof CHANNEL_KINDS)[number];

/** Networks a withdrawal address can be bound on; each has its own address format. */
export const WITHDRAW_NETWORKS = ['USDT-TRC20', 'USDT-ERC20', 'ETH', 'BTC'] as const;
export type TWithdrawNetwork = (typeof WITHDRAW_NETWORKS)[number];
export const NETWORK_ADDRESS_FORMAT: Record<TWithdrawNetwork, 'tron' | 'ethereum' | 'bitcoin'> = {
  'USDT-TRC20': 'tron',
  'USDT-ERC20': 'ethereum',
  ETH: 'ethereum',
  BTC: 'bitcoin',
};

/**
 * How each network's addresses look (letters, length, prefix), so a form can refuse a TRON address for USDT-ERC20
 * before the reader confirms an address that can never change. The server also checks the checksum
 * (apps/server/src/modules/wallet/address-format.ts).
 */
export const ADDRESS_SHAPES: Record<(typeof NETWORK_ADDRESS_FORMAT)[TWithdrawNetwork], RegExp> = {
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ethereum: /^0x[0-9a-fA-F]{40}$/,
  bitcoin: /^([13][1-9A-HJ-NP-Za-km-z]{25,34}|(bc1|BC1)[02-9ac-hj-np-zAC-HJ-NP-Z]{8,87})$/,
};

/** Whether the address has the form of the network's addresses (not whether its checksum holds). */
export function hasNetworkAddressShape(network: TWithdrawNetwork, address: string): boolean {
  return ADDRESS_SHAPES[NETWORK_ADDRESS_FORMAT[network]].test(address);
}

const zMoneyOut = z.string();

/** True for a decimal string with at most `decimals` fraction digits that is at least `min`. Never throws. */
export function isAmountAtLeast(value: string, decimals: number, min: string): boolean {
  return (
    isMoneyString(value, decimals) && !value.trim().startsWith('-') && parseMoney(value) >= parseMoney(min)
  );
}

/** A positive amount with at most `decimals` fraction digits and at most 20 integer digits. */
export const zPositiveAmount = (
  decimals: number,
  message: string,
  min = `0.${'0'.repeat(MONEY_SCALE - 1)}1`,
) =>
  z
    .string({ error: message })
    .trim()
    .max(40, { error: message })
    .refine((v) => isAmountAtLeast(v, decimals, min), { error: message });

/** Recharge amount: two decimals, at least 1 (SPEC §5); channel min and max are checked by the server. */
export const zRechargeAmount = zPositiveAmount(RECHARGE_DECIMALS, W.rechargeAmount, RECHARGE_MIN);

/** Region: ISO 3166-1 alpha-2 country code such as "US". */
export const zRegion = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: W.region });

/** GET /api/v1/wallet */
export const ZWalletBalance = z.object({
  currency: z.literal('USDT'),
  /** Spendable balance (SPEC field `money`). */
  money: zMoneyOut,
  available: zMoneyOut,
  /** Held by unfinished withdrawals: not spendable. */
  held: zMoneyOut,
  total: zMoneyOut,
  hasUnfinished: z.boolean(),
});
export type TWalletBalance = z.infer<typeof ZWalletBalance>;

/** A recharge method as the buyer sees it. */
export const ZWalletChannel = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  name: z.string(),
  /** USDT, ETH or BTC: what the buyer sends; amounts, min, max and fee are in this currency. */
  currency: z.string(),
  network: z.string().nullable(),
  depositAddress: z.string().nullable(),
  /** URI for the QR code, e.g. `tron:T...`, `ethereum:0x...`, `bitcoin:bc1...`. */
  depositUri: z.string().nullable(),
  minAmount: zMoneyOut,
  maxAmount: zMoneyOut,
  feeFixed: zMoneyOut,
  /** Fraction of the amount, e.g. "0.01" = 1 %. */
  feeRate: zMoneyOut,
  /** USDT per unit of the currency ("1" for USDT). */
  rateToUsdt: zMoneyOut,
  /** Expected arrival after approval, in minutes. */
  arrivalMinutes: z.number().int(),
  /** False when the channel is closed in the requested region ("payment method not open in this region"). */
  isAvailable: z.boolean(),
});
export type TWalletChannel = z.infer<typeof ZWalletChannel>;

export const ZWalletChannelsQuery = z.strictObject({
  region: zRegion.optional(),
  lang: z.string().optional(),
});
export const ZWalletChannelList = z.object({
  channels: z.array(ZWalletChannel),
  region: z.string().nullable(),
});
export type TWalletChannelList = z.infer<typeof ZWalletChannelList>;

const zTxHash = z
  .string()
  .trim()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, { error: W.txHash });

/** POST /api/v1/wallet/recharges */
export const ZCreateRechargeRequest = z.strictObject({
  channelCode: z.string({ error: W.currencyRequired }).trim().min(1, { error: W.currencyRequired }).max(32),
  amount: zRechargeAmount,
  txHash: zTxHash.optional(),
  /** An image address from POST /api/v1/uploads. */
  /** The buyer's own upload (UPLOAD_REF_PATTERN; the server checks who uploaded it). */
  certificateUrl: z
    .string({ error: W.certificateUrl })
    .trim()
    .max(200, { error: W.certificateUrl })
    .regex(UPLOAD_REF_PATTERN, { error: W.certificateUrl })
    .optional(),
  bankName: z.string().trim().min(2, { error: W.bankName }).max(64, { error: W.bankName }).optional(),
  cardNumber: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{8,24}$/, { error: W.cardNumber }))
    .optional(),
  region: zRegion.optional(),
});
export type TCreateRechargeRequest = z.input<typeof ZCreateRechargeRequest>;

export const ZRecharge = z.object({
  id: z.string(),
  channelCode: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  currency: z.string(),
  network: z.string().nullable(),
  depositAddress: z.string().nullable(),
  /** In the channel's currency. */
  amount: zMoneyOut,
  fee: zMoneyOut,
  rateToUsdt: zMoneyOut,
  /** USDT credited on approval: (amount - fee) x rate. */
  actualAmount: zMoneyOut,
  txHash: z.string().nullable(),
  certificateUrl: z.string().nullable(),
  bankName: z.string().nullable(),
  /** Only the last four digits. */
  cardNumber: z.string().nullable(),
  status: z.enum(WALLET_RECORD_STATUSES),
  reason: z.string().nullable(),
  expectedArrivalAt: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type TRecharge = z.infer<typeof ZRecharge>;

const zPage = <T extends z.ZodType>(item: T) =>
  z.object({
    pageList: z.array(item),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

export const ZRechargePage = zPage(ZRecharge);
export type TRechargePage = z.infer<typeof ZRechargePage>;

export const ZWalletListQuery = (defaultSize: number) =>
  z.strictObject({
    pageNum: zPageNum.default(1),
    pageSize: zPageSize.default(defaultSize),
    status: z.enum(WALLET_RECORD_STATUSES).optional(),
    lang: z.string().optional(),
  });
export const ZRechargeListQuery = ZWalletListQuery(PAGE_SIZE.recharge);
export const ZWithdrawalListQuery = ZWalletListQuery(PAGE_SIZE.list);

export const ZWalletRecordParams = z.strictObject({ id: zId });

/** POST /api/v1/wallet/withdraw-address (bind once). */
export const ZBindWithdrawAddressRequest = z.strictObject({
  network: z.enum(WITHDRAW_NETWORKS, { error: W.network }),
  address: z.string({ error: W.withdrawAddress }).trim().min(1, { error: W.withdrawAddress }).max(128, {
    error: W.withdrawAddress,
  }),
});
/**
 * The bind form's check: the request's, and an address of the network's form, so the reader is told before
 * confirming an address that can never change. The API answers a wrong address with ADDRESS_FORMAT_INVALID
 * whatever is wrong with it (form or checksum), so its own schema leaves this to the server's full check.
 */
export const ZBindWithdrawAddressForm = ZBindWithdrawAddressRequest.superRefine((request, context) => {
  if (!hasNetworkAddressShape(request.network, request.address)) {
    context.addIssue({ code: 'custom', path: ['address'], message: W.withdrawAddressFormat });
  }
});
export type TBindWithdrawAddressRequest = z.input<typeof ZBindWithdrawAddressRequest>;

export const ZWithdrawAddress = z.object({
  network: z.enum(WITHDRAW_NETWORKS),
  address: z.string(),
  createdAt: z.string(),
});
export const ZWithdrawAddressResponse = z.object({ address: ZWithdrawAddress.nullable() });
export type TWithdrawAddressResponse = z.infer<typeof ZWithdrawAddressResponse>;

/** USDT leaves in cents: more decimals would vanish from the actual amount shown and sent. */
const zWithdrawAmount = zPositiveAmount(2, V.amountCents, '0.01');

/** GET /api/v1/wallet/withdraw-fee?channel&amount */
export const ZWithdrawFeeQuery = z.strictObject({
  channel: z.enum(WITHDRAW_NETWORKS, { error: W.network }).optional(),
  amount: zWithdrawAmount,
  lang: z.string().optional(),
});
export const ZWithdrawFeeResponse = z.object({
  channel: z.enum(WITHDRAW_NETWORKS),
  amount: zMoneyOut,
  /** SPEC field withdraw_fee. */
  fee: zMoneyOut,
  actualAmount: zMoneyOut,
  minAmount: zMoneyOut,
  maxAmount: zMoneyOut,
  dailyCount: z.number().int(),
  usedToday: z.number().int(),
  /** "HH:mm-HH:mm" in UTC. */
  timeWindow: z.string(),
});
export type TWithdrawFeeResponse = z.infer<typeof ZWithdrawFeeResponse>;
/**
 * GET /api/v1/wallet/withdraw-limits: the limits alone (the withdraw page shows them before any amount is typed;
 * the fee quote refuses amounts outside them).
 */
export const ZWithdrawLimitsResponse = ZWithdrawFeeResponse.pick({
  minAmount: true,
  maxAmount: true,
  dailyCount: true,
  usedToday: true,
  timeWindow: true,
});
export type TWithdrawLimitsResponse = z.infer<typeof ZWithdrawLimitsResponse>;

/** POST /api/v1/wallet/withdraw-session: a fresh one-time token fetched right before submitting. */
export const ZWithdrawSessionResponse = z.object({ sessionToken: z.string(), expiresAt: z.string() });
export type TWithdrawSessionResponse = z.infer<typeof ZWithdrawSessionResponse>;

/** POST /api/v1/wallet/withdrawals */
export const ZCreateWithdrawalRequest = z.strictObject({
  sessionToken: z.string({ error: requiredOrInvalid }).trim().min(16, { error: V.required }).max(128),
  amount: zWithdrawAmount,
  txPassword: zTxPassword,
});
export type TCreateWithdrawalRequest = z.input<typeof ZCreateWithdrawalRequest>;

export const ZWithdrawal = z.object({
  id: z.string(),
  network: z.enum(WITHDRAW_NETWORKS),
  address: z.string(),
  amount: zMoneyOut,
  fee: zMoneyOut,
  actualAmount: zMoneyOut,
  status: z.enum(WALLET_RECORD_STATUSES),
  chainTxHash: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;
export const ZWithdrawalPage = zPage(ZWithdrawal);
export type TWithdrawalPage = z.infer<typeof ZWithdrawalPage>;

// Admin (finance) -----------------------------------------------------------------------------------

/**
 * The finance queues (deposits, withdrawals) sort by these; by default newest first (by id). The actual amount is
 * USDT in both queues, where a deposit's amount is in its channel's currency and would not compare across channels.
 */
export const ADMIN_WALLET_SORTS = ['createdAt', 'actualAmount'] as const;
export type TAdminWalletSort = (typeof ADMIN_WALLET_SORTS)[number];

export const ZAdminWalletListQuery = z.strictObject({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(PAGE_SIZE.list),
  status: z.enum(WALLET_RECORD_STATUSES).optional(),
  userId: zId.optional(),
  channelCode: z.string().trim().max(32).optional(),
  /** Created at or after this instant (ISO 8601). */
  createdFrom: zInstant.optional(),
  /** Created before this instant (ISO 8601). */
  createdTo: zInstant.optional(),
  ...zSortQuery(ADMIN_WALLET_SORTS),
  lang: z.string().optional(),
});
export type TAdminWalletListQuery = z.input<typeof ZAdminWalletListQuery>;

const zRecordOwner = {
  userId: z.string(),
  usercode: z.string(),
  userDisplayName: z.string(),
  reviewerId: z.string().nullable(),
  fourEyes: ZRecordFourEyes,
};
export const ZAdminRecharge = ZRecharge.extend({
  ...zRecordOwner,
  /** Full card number for the reviewer. */
  cardNumber: z.string().nullable(),
});
export type TAdminRecharge = z.infer<typeof ZAdminRecharge>;
export const ZAdminRechargePage = zPage(ZAdminRecharge);
export const ZAdminWithdrawal = ZWithdrawal.extend(zRecordOwner);
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;
export const ZAdminWithdrawalPage = zPage(ZAdminWithdrawal);

export const ZRejectRecordRequest = z.strictObject({
  reason: z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: V.required })
    .max(255, { error: W.reason }),
});
export type TRejectRecordRequest = z.input<typeof ZRejectRecordRequest>;

export const ZApproveWithdrawalRequest = z.strictObject({ chainTxHash: zTxHash.optional() });
export type TApproveWithdrawalRequest = z.input<typeof ZApproveWithdrawalRequest>;

export const ZAdminChannel = ZWalletChannel.omit({ isAvailable: true }).extend({
  /** The name per language; `name` is the English one, which buyers see where their language has none. */
  names: z.record(z.string(), z.string()),
  isOpen: z.boolean(),
  closedRegions: z.array(z.string()),
  sortOrder: z.number().int(),
  updatedAt: z.string(),
});
export type TAdminChannel = z.infer<typeof ZAdminChannel>;
export const ZAdminChannelList = z.object({ channels: z.array(ZAdminChannel) });

/**
 * Largest limit or fixed fee of a channel, and largest rate of its currency to USDT: a deposit at the largest limit
 * and rate (10^16 USDT) stays far inside the ledger's columns (20 integer digits); a rate of 10^18 let a deposit's
 * USDT amount overflow them and every deposit on the channel failed.
 */
export const CHANNEL_AMOUNT_MAX = 1_000_000_000;
export const CHANNEL_RATE_MAX = 10_000_000;

/** A channel's limit or rate: above 0, at most `max`, with at most `decimals` decimals (the format's own message). */
const zChannelAmount = (max: number, decimals = MONEY_SCALE) => {
  const message = decimals === 2 ? V.amountCents : V.amount;
  return z
    .string({ error: message })
    .trim()
    .refine((v) => !isDecimalAbove(v, max), { error: messageWithValues(V.amountUpTo, { max }), abort: true })
    .refine((v) => isAmountAtLeast(v, decimals, `0.${'0'.repeat(MONEY_SCALE - 1)}1`), { error: message });
};

/** PUT /api/v1/admin/finance/channels/:id: every field optional; min <= max is checked by the server. */
export const ZUpdateChannelRequest = z.strictObject({
  names: zLocalizedLines(64)
    .refine((names) => Boolean(names.en), { error: V.required, path: ['en'] })
    .optional(),
  depositAddress: z.string().trim().max(128, { error: V.tooLong }).nullable().optional(),
  // No lower than a deposit may be (SPEC §5, "at least 1"): a channel's 0.50 was shown to buyers, who were then
  // refused every amount below 1.
  minAmount: zChannelAmount(CHANNEL_AMOUNT_MAX, RECHARGE_DECIMALS)
    .refine(
      (v) => !isMoneyString(v, RECHARGE_DECIMALS) || isAmountAtLeast(v, RECHARGE_DECIMALS, RECHARGE_MIN),
      {
        error: messageWithValues(V.amountRange, { min: Number(RECHARGE_MIN), max: CHANNEL_AMOUNT_MAX }),
      },
    )
    .optional(),
  maxAmount: zChannelAmount(CHANNEL_AMOUNT_MAX, RECHARGE_DECIMALS).optional(),
  // Charged in whole cents (deposit fees are rounded up to cents): a sub-cent fixed fee would be shown, never taken.
  feeFixed: z
    .string({ error: V.amountOrZeroCents })
    .trim()
    .refine((v) => !isDecimalAbove(v, CHANNEL_AMOUNT_MAX), {
      error: messageWithValues(V.amountOrZeroUpTo, { max: CHANNEL_AMOUNT_MAX }),
      abort: true,
    })
    .refine((v) => isMoneyString(v, CHARGE_DECIMALS) && !v.startsWith('-'), { error: V.amountOrZeroCents })
    .optional(),
  feeRate: z
    .string()
    .trim()
    .refine((v) => isMoneyString(v) && !v.startsWith('-') && parseMoney(v) < parseMoney('1'), {
      error: V.feeRate,
    })
    .optional(),
  rateToUsdt: zChannelAmount(CHANNEL_RATE_MAX).optional(),
  arrivalMinutes: zWhole(0, 100_000).optional(),
  isOpen: z.boolean().optional(),
  closedRegions: z.array(zRegion).max(300).optional(),
  sortOrder: zWhole(0, 10_000).optional(),
});
export type TUpdateChannelRequest = z.input<typeof ZUpdateChannelRequest>;

/** Withdrawal settings (system_params codes); fees per network are `withdraw_fee.<network>`. */
export const WITHDRAW_PARAM_CODES = {
  min: 'withdraw_min',
  max: 'withdraw_max',
  dailyCount: 'withdraw_daily_count',
  timeWindow: 'withdraw_time_window',
  feePrefix: 'withdraw_fee.',
} as const;
