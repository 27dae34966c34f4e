import { AppError, isAppError } from '../../http/app-error';

/** Where "insufficient balance, please recharge" sends the buyer. */
export const RECHARGE_PATH = '/userInfo/money-package/recharge';

/** Adds the recharge link to an INSUFFICIENT_BALANCE refusal. */
export async function withInsufficientBalanceLink<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.code === 'INSUFFICIENT_BALANCE') {
      throw new AppError('INSUFFICIENT_BALANCE', { rechargeUrl: RECHARGE_PATH });
    }
    throw error;
  }
}
