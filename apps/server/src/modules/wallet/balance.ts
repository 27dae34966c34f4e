import { formatMoney, type TWalletBalance } from '@caravan/contracts';
import type { Executor } from '../../db/client';
import { getBalances } from '../ledger';
import { hasPending } from './pending';

export async function getWallet(db: Executor, userId: bigint): Promise<TWalletBalance> {
  const { available, held } = await getBalances(db, userId);
  return {
    currency: 'USDT',
    money: formatMoney(available),
    available: formatMoney(available),
    held: formatMoney(held),
    total: formatMoney(available + held),
    hasUnfinished: await hasPending(db, userId),
  };
}
