import {
  creditAtRate,
  formatMoney,
  isAmountAtLeast,
  multiplyMoney,
  parseMoney,
  RECHARGE_DECIMALS,
  RECHARGE_MIN,
  roundMoney,
  type TWalletChannel,
} from '@caravan/contracts';

export type TRechargeQuote = { fee: string; actualAmount: string };

/**
 * What the buyer pays and receives, computed exactly as the server does (fee = fixed + amount x rate, rounded
 * up to two decimals; received = (amount - fee) x USDT rate, rounded down to the cent), so it is shown before confirming.
 */
export function quoteRecharge(channel: TWalletChannel, amount: string | undefined): TRechargeQuote | null {
  if (!amount || !isAmountAtLeast(amount, RECHARGE_DECIMALS, RECHARGE_MIN)) {
    return null;
  }
  const value = parseMoney(amount.trim(), RECHARGE_DECIMALS);
  const fee = roundMoney(
    parseMoney(channel.feeFixed) + multiplyMoney(value, channel.feeRate),
    RECHARGE_DECIMALS,
    'up',
  );
  const actual = creditAtRate(value - fee, channel.rateToUsdt);
  return { fee: formatMoney(fee), actualAmount: formatMoney(actual > 0n ? actual : 0n) };
}

/** Whether an amount lies within the channel's min and max (both inclusive). */
export function isWithinChannelLimits(channel: TWalletChannel, amount: string): boolean {
  const value = parseMoney(amount.trim(), RECHARGE_DECIMALS);
  return value >= parseMoney(channel.minAmount) && value <= parseMoney(channel.maxAmount);
}

/**
 * The quote the recharge form shows: none for an amount the channel refuses, which would otherwise stand beside
 * its limit error ("Actual amount 300,000,000,000.00 USDT").
 */
export function quoteRechargeWithinLimits(
  channel: TWalletChannel,
  amount: string | undefined,
): TRechargeQuote | null {
  const quote = quoteRecharge(channel, amount);
  return quote && amount && isWithinChannelLimits(channel, amount) ? quote : null;
}
