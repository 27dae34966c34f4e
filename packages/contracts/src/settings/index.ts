// Console: four-eyes thresholds and staff sign-in settings

export { ACCOUNT_SETTINGS, type TAccountSettingCode } from './account';
export * from './approvals';
export { CHAT_SETTINGS, type TChatSettingCode } from './chat';
export type { SettingDefinition, SettingDefinitions } from './define';
export { LOAN_SETTING_CODES, LOAN_SETTINGS } from './loans';
export { SELLER_SETTINGS } from './sellers';
export * from './staff-security';
export { type TUploadSettingCode, UPLOAD_SETTINGS } from './uploads';

// The registry of every platform setting (issue 10): a domain adds its record here, one line each.
import { ACCOUNT_SETTINGS as ACCOUNT } from './account';
import { APPROVAL_SETTINGS as APPROVALS } from './approvals';
import { CHAT_SETTINGS as CHAT } from './chat';
import type { RangedSettingDefinition, SettingDefinitions } from './define';
import { LOAN_SETTINGS as LOANS } from './loans';
import { PLATFORM_SETTINGS as PLATFORM, WALLET_SETTINGS as WALLET } from './platform';
import { SELLER_SETTINGS as SELLERS } from './sellers';
import { STAFF_SECURITY_SETTINGS as STAFF_SECURITY } from './staff-security';
import { UPLOAD_SETTINGS as UPLOADS } from './uploads';

export {
  decimalSetting,
  integerSetting,
  type RangedSettingDefinition,
  type TSettingRange,
  type TSettingRule,
} from './define';
export {
  findWalletSettingConflict,
  PLATFORM_SETTINGS,
  type TSettingConflict,
  WALLET_SETTINGS,
  WITHDRAW_TIME_WINDOW,
} from './platform';

/** Every row of system_params is declared here; the admin console refuses values outside the declaration. */
export const SETTING_DEFINITIONS: Readonly<Record<string, RangedSettingDefinition>> = {
  ...PLATFORM,
  ...WALLET,
  ...ACCOUNT,
  ...APPROVALS,
  ...CHAT,
  ...LOANS,
  ...SELLERS,
  ...STAFF_SECURITY,
  ...UPLOADS,
} satisfies SettingDefinitions;

export function findSettingDefinition(code: string): RangedSettingDefinition | undefined {
  return Object.hasOwn(SETTING_DEFINITIONS, code) ? SETTING_DEFINITIONS[code] : undefined;
}
