import { displayMoney, isAmountAtLeast, isMoneyString, parseMoney } from '@caravan/contracts';
import { isAmountUnreadable } from '../../../lib/normalise-amount';

export type TWithdrawAmountProblem =
  | { key: 'common:amountFormat' }
  | { key: 'validation:amountCents' }
  | { key: 'errors:INSUFFICIENT_BALANCE' }
  | { key: 'errors:WITHDRAW_BELOW_MIN'; min: string }
  | { key: 'errors:WITHDRAW_ABOVE_MAX'; max: string };

/**
 * What stops this amount before the confirmation dialog: cents only, within the platform's min and max (when
 * known), not above the balance. The server checks all of it again; this saves the buyer a dialog
 * that could only fail ("Actual amount 0.00 USDT").
 */
export function checkWithdrawAmount(
  input: string | undefined,
  facts: { available?: string; minAmount?: string; maxAmount?: string },
): TWithdrawAmountProblem | null {
  const amount = input?.trim() ?? '';
  if (isAmountUnreadable(amount)) {
    return { key: 'common:amountFormat' };
  }
  if (!isMoneyString(amount, 2) || !isAmountAtLeast(amount, 2, '0.01')) {
    return { key: 'validation:amountCents' };
  }
  const value = parseMoney(amount);
  // The platform's limits first: above the largest withdrawal, "insufficient balance" would send the buyer to
  // recharge for an amount they could never withdraw.
  if (facts.minAmount !== undefined && value < parseMoney(facts.minAmount)) {
    return { key: 'errors:WITHDRAW_BELOW_MIN', min: displayMoney(parseMoney(facts.minAmount)) };
  }
  if (facts.maxAmount !== undefined && value > parseMoney(facts.maxAmount)) {
    return { key: 'errors:WITHDRAW_ABOVE_MAX', max: displayMoney(parseMoney(facts.maxAmount)) };
  }
  if (facts.available !== undefined && value > parseMoney(facts.available)) {
    return { key: 'errors:INSUFFICIENT_BALANCE' };
  }
  return null;
}
