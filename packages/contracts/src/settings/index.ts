export type { SettingDefinition, SettingDefinitions } from './define';
export { SELLER_SETTINGS } from './sellers';
