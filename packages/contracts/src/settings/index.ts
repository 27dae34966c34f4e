// Console: four-eyes thresholds and staff sign-in settings

export { ACCOUNT_SETTINGS, type TAccountSettingCode } from './account';
export * from './approvals';
export { CHAT_SETTINGS, type TChatSettingCode } from './chat';
export type { SettingDefinition, SettingDefinitions } from './define';
export { LOAN_SETTING_CODES, LOAN_SETTINGS } from './loans';
export { SELLER_SETTINGS } from './sellers';
export * from './staff-security';
