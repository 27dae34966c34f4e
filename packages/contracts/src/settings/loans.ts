import { z } from 'zod';
import type { SettingDefinitions } from './define';

/** An amount in whole USDT or with up to 2 decimals, 0 to 1,000,000,000. */
const zUsdtSetting = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: 'An amount in USDT with at most 2 decimals' });

const zIntegerSetting = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, { error: `A whole number from ${min} to ${max}` })
    .refine((v) => Number(v) >= min && Number(v) <= max, { error: `A whole number from ${min} to ${max}` });

export const LOAN_SETTING_CODES = {
  fourEyesThreshold: 'loan_four_eyes_threshold',
  reminderDaysBefore: 'loan_reminder_days_before',
} as const;

/** Loan settings (system_params); loan products themselves live in their own table. */
export const LOAN_SETTINGS: SettingDefinitions = {
  [LOAN_SETTING_CODES.fourEyesThreshold]: {
    schema: zUsdtSetting,
    defaultValue: '1000000',
    description: 'Loan approvals above this amount (USDT) need a second reviewer who is not the first',
  },
  [LOAN_SETTING_CODES.reminderDaysBefore]: {
    schema: zIntegerSetting(0, 30),
    defaultValue: '3',
    description: 'Days before an instalment falls due when the borrower is reminded (0: on the due day only)',
  },
};
