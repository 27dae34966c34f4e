import { decimalSetting, type SettingDefinitions } from './define';

/** A threshold in USDT up to 1,000,000,000 (above it, four-eyes would in practice be off). */
const threshold = (defaultValue: string, description: string) =>
  decimalSetting('0', '1000000000', 2, { defaultValue, description });

/**
 * Four-eyes thresholds: approving a money action whose amount is above the threshold needs a second
 * staff member who is not the first. 0 means every amount needs two approvals.
 */
export const FOUR_EYES_SETTING_CODES = {
  withdrawal: 'four_eyes_withdrawal_threshold',
  recharge: 'four_eyes_recharge_threshold',
  refund: 'four_eyes_refund_threshold',
} as const;

export type TFourEyesAction = keyof typeof FOUR_EYES_SETTING_CODES;

export const APPROVAL_SETTINGS: SettingDefinitions = {
  [FOUR_EYES_SETTING_CODES.withdrawal]: threshold(
    '10000',
    'Withdrawals above this USDT amount need a second staff approval (0: all)',
  ),
  [FOUR_EYES_SETTING_CODES.recharge]: threshold(
    '10000',
    'Recharges crediting above this USDT amount need a second staff approval (0: all)',
  ),
  [FOUR_EYES_SETTING_CODES.refund]: threshold(
    '5000',
    'Manual refunds above this USDT amount need a second staff approval (0: all)',
  ),
};
