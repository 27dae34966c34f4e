import { describe, expect, it } from 'vitest';
import { checkWithdrawAmount } from './check-withdraw-amount';

const facts = { available: '120.50', minAmount: '10', maxAmount: '5000' };

describe('checkWithdrawAmount', () => {
  it('refuses more than the balance before the confirmation dialog', () => {
    expect(checkWithdrawAmount('999', facts)).toEqual({ key: 'errors:INSUFFICIENT_BALANCE' });
  });
  it('names the largest withdrawal, not the balance, for an amount above it', () => {
    // "Insufficient balance" sent the buyer to recharge for an amount no withdrawal may have.
    expect(checkWithdrawAmount('99999', facts)).toEqual({
      key: 'errors:WITHDRAW_ABOVE_MAX',
      max: '5,000.00',
    });
  });
  it('refuses sub-cent amounts and zero', () => {
    expect(checkWithdrawAmount('0.123', facts)).toEqual({ key: 'validation:amountCents' });
    expect(checkWithdrawAmount('0', facts)).toEqual({ key: 'validation:amountCents' });
    expect(checkWithdrawAmount('-5', facts)).toEqual({ key: 'validation:amountCents' });
  });
  it('says how to write an amount when what was typed is still no number ("12,50" on an English page)', () => {
    expect(checkWithdrawAmount('12,50', facts)).toEqual({ key: 'common:amountFormat' });
    expect(checkWithdrawAmount('1.2.3', facts)).toEqual({ key: 'common:amountFormat' });
  });
  it('applies the platform limits when they are known', () => {
    expect(checkWithdrawAmount('9.99', facts)).toEqual({ key: 'errors:WITHDRAW_BELOW_MIN', min: '10.00' });
    expect(checkWithdrawAmount('120', { ...facts, maxAmount: '100' })).toEqual({
      key: 'errors:WITHDRAW_ABOVE_MAX',
      max: '100.00',
    });
    // The limit reads as every amount on screen does.
    expect(checkWithdrawAmount('60000', { ...facts, available: '100000', maxAmount: '50000' })).toEqual({
      key: 'errors:WITHDRAW_ABOVE_MAX',
      max: '50,000.00',
    });
    expect(checkWithdrawAmount('120.50', facts)).toBeNull();
    expect(checkWithdrawAmount('50', {})).toBeNull();
  });
});
