import type { TLoanProduct } from '@caravan/contracts';

/** A start-up loan as the API sends it: 100,000 to 30,000,000 USDT, 0.05 % a day (APR 18.25 %). */
export const STARTUP_LOAN: TLoanProduct = {
  id: '1',
  code: 'startup',
  kind: 'startup',
  name: 'Start-up loan',
  minAmount: '100000.00',
  maxAmount: '30000000.00',
  termOptions: [30, 90],
  dailyRate: '0.0005',
  modes: ['bullet'],
  cycleDays: 30,
  penaltyDailyRate: '0.001',
  graceDays: 3,
  advancedAbove: '500000.00',
  isActive: true,
  aprPercent: '18.25',
};
