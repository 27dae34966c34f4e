import type { TWalletChannel } from '@caravan/contracts';
import { describe, expect, it } from 'vitest';
import { isWithinChannelLimits, quoteRecharge, quoteRechargeWithinLimits } from './recharge-quote';

const base: TWalletChannel = {
  id: '1',
  code: 'BANK',
  kind: 'bank',
  name: 'Bank card transfer',
  currency: 'USDT',
  network: null,
  depositAddress: null,
  depositUri: null,
  minAmount: '50.00',
  maxAmount: '100000.00',
  feeFixed: '2.00',
  feeRate: '0.01',
  rateToUsdt: '1.00',
  arrivalMinutes: 1440,
  isAvailable: true,
};

describe('quoteRecharge', () => {
  it('adds the fixed fee and the rate, rounded up to cents, like the server', () => {
    expect(quoteRecharge(base, '100')).toEqual({ fee: '3.00', actualAmount: '97.00' });
    // 1 % of 100.01 is 1.0001 -> 3.0001 rounds up to 3.01.
    expect(quoteRecharge(base, '100.01')).toEqual({ fee: '3.01', actualAmount: '97.00' });
  });

  it('converts ETH to USDT at the channel rate', () => {
    const eth = { ...base, code: 'ETH', currency: 'ETH', feeFixed: '0', feeRate: '0', rateToUsdt: '3000' };
    expect(quoteRecharge(eth, '1.5')).toEqual({ fee: '0.00', actualAmount: '4500.00' });
    // 1.01 x 97000.12345678 is 97970.1246913478: the wallet gets whole cents, never more than arrived.
    const btc = { ...eth, code: 'BTC', currency: 'BTC', rateToUsdt: '97000.12345678' };
    expect(quoteRecharge(btc, '1.01')).toEqual({ fee: '0.00', actualAmount: '97970.12' });
  });

  it('gives nothing for amounts the form refuses', () => {
    expect(quoteRecharge(base, '0.5')).toBeNull();
    expect(quoteRecharge(base, '1.234')).toBeNull();
    expect(quoteRecharge(base, 'abc')).toBeNull();
    expect(quoteRecharge(base, undefined)).toBeNull();
  });

  it('checks the channel limits inclusively', () => {
    expect(isWithinChannelLimits(base, '50')).toBe(true);
    expect(isWithinChannelLimits(base, '49.99')).toBe(false);
    expect(isWithinChannelLimits(base, '100000')).toBe(true);
    expect(isWithinChannelLimits(base, '100000.01')).toBe(false);
  });
});

describe('quoteRechargeWithinLimits', () => {
  it('quotes only what the channel takes: nothing beside a limit error', () => {
    expect(quoteRechargeWithinLimits(base, '100')).toEqual({ fee: '3.00', actualAmount: '97.00' });
    expect(quoteRechargeWithinLimits(base, '50')).toEqual({ fee: '2.50', actualAmount: '47.50' });
    expect(quoteRechargeWithinLimits(base, '49.99')).toBeNull();
    expect(quoteRechargeWithinLimits(base, '100000000')).toBeNull();
    expect(quoteRechargeWithinLimits(base, 'abc')).toBeNull();
    expect(quoteRechargeWithinLimits(base, undefined)).toBeNull();
  });
});
