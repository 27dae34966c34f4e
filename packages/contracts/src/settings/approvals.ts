import { z } from 'zod';
import { isMoneyString, parseMoney } from '../money';
import type { SettingDefinitions } from './define';

/** Largest threshold staff can set: above it, four-eyes would in practice be off. */
const THRESHOLD_MAX = parseMoney('1000000000');

const zThreshold = z
  .string()
  .trim()
  .refine(
    (value) => isMoneyString(value, 2) && parseMoney(value) >= 0n && parseMoney(value) <= THRESHOLD_MAX,
    {
      error: 'A USDT amount from 0 to 1000000000 with at most 2 decimals',
    },
  );

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
  [FOUR_EYES_SETTING_CODES.withdrawal]: {
    schema: zThreshold,
    defaultValue: '10000',
    description: 'Withdrawals above this USDT amount need a second staff approval (0: all)',
  },
  [FOUR_EYES_SETTING_CODES.recharge]: {
    schema: zThreshold,
    defaultValue: '10000',
    description: 'Recharges crediting above this USDT amount need a second staff approval (0: all)',
  },
  [FOUR_EYES_SETTING_CODES.refund]: {
    schema: zThreshold,
    defaultValue: '5000',
    description: 'Manual refunds above this USDT amount need a second staff approval (0: all)',
  },
};
