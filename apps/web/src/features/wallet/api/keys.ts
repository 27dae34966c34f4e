import { WALLET_BALANCE_KEY } from '../../../lib/wallet-balance';

/** Query keys of the wallet feature; every money change invalidates `['wallet']`. */
export const WALLET_KEYS = {
  all: ['wallet'] as const,
  balance: WALLET_BALANCE_KEY,
  channels: ['wallet', 'channels'] as const,
  recharges: (pageNum: number) => ['wallet', 'recharges', pageNum] as const,
  withdrawals: (pageNum: number) => ['wallet', 'withdrawals', pageNum] as const,
  history: (pageNum: number) => ['wallet', 'history', pageNum] as const,
  withdrawAddress: ['wallet', 'withdraw-address'] as const,
  withdrawFee: (amount: string) => ['wallet', 'withdraw-fee', amount] as const,
  withdrawLimits: ['wallet', 'withdraw-limits'] as const,
  me: ['wallet', 'me'] as const,
};
