import type { TAdminChannel, TAdminWithdrawal } from '@caravan/contracts';

/** A processing withdrawal of 120 USDT in the finance queue, with `changes` over it. */
export function adminWithdrawalFixture(changes: Partial<TAdminWithdrawal> = {}): TAdminWithdrawal {
  return {
    id: '31',
    network: 'USDT-TRC20',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    amount: '120.00',
    fee: '1.00',
    actualAmount: '119.00',
    status: 'processing',
    chainTxHash: null,
    reason: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    reviewedAt: null,
    userId: '7',
    usercode: '10000007',
    userDisplayName: 'Queue Owner',
    reviewerId: null,
    fourEyes: null,
    ...changes,
  };
}

/** An open Tether-on-Tron deposit channel as the console lists it, with `changes` over it. */
export function adminChannelFixture(changes: Partial<TAdminChannel> = {}): TAdminChannel {
  return {
    id: '2',
    code: 'usdt-trc20',
    kind: 'blockchain',
    name: 'Tether on Tron',
    names: { en: 'Tether on Tron' },
    currency: 'USDT',
    network: 'TRC20',
    depositAddress: null,
    depositUri: null,
    minAmount: '10.00',
    maxAmount: '10000.00',
    feeFixed: '0.00',
    feeRate: '0.00',
    rateToUsdt: '1',
    arrivalMinutes: 30,
    isOpen: true,
    closedRegions: [],
    sortOrder: 1,
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...changes,
  };
}
