import { decimalSetting, integerSetting, type SettingDefinitions } from './define';

export const LOAN_SETTING_CODES = {
  fourEyesThreshold: 'loan_four_eyes_threshold',
  reminderDaysBefore: 'loan_reminder_days_before',
  offerValidDays: 'loan_offer_valid_days',
} as const;

/** Loan settings (system_params); loan products themselves live in their own table. */
export const LOAN_SETTINGS: SettingDefinitions = {
  [LOAN_SETTING_CODES.fourEyesThreshold]: decimalSetting('0', '1000000000', 2, {
    defaultValue: '1000000',
    description: 'Loan approvals above this amount (USDT) need a second reviewer who is not the first',
  }),
  [LOAN_SETTING_CODES.reminderDaysBefore]: integerSetting(0, 30, {
    defaultValue: '3',
    description: 'Days before an instalment falls due when the borrower is reminded (0: on the due day only)',
  }),
  [LOAN_SETTING_CODES.offerValidDays]: integerSetting(1, 30, {
    defaultValue: '7',
    description:
      'Days a borrower has to accept or decline a loan approved for less than asked, before the offer lapses',
  }),
};
