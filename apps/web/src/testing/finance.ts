import type { TAdminWithdrawal } from '@caravan/contracts';

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
