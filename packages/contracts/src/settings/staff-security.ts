import { z } from 'zod';
import type { SettingDefinitions } from './define';

export const STAFF_TOTP_SETTING_CODE = 'staff_totp_required_for_money_roles';

/** Permissions that move or release money: roles holding one of them may be required to use TOTP. */
export const MONEY_PERMISSIONS = [
  'finance.review',
  'finance.settings',
  'orders.manage',
  'loans.review',
] as const;

export const STAFF_SECURITY_SETTINGS: SettingDefinitions = {
  [STAFF_TOTP_SETTING_CODE]: {
    schema: z.enum(['true', 'false'], { error: 'true or false' }),
    rule: { key: 'oneOf', params: { values: 'true, false' } },
    defaultValue: 'false',
    description: 'Staff whose role has a money permission must sign in with an authenticator code',
  },
};
