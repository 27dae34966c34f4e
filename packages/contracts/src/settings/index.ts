export type { SettingDefinition, SettingDefinitions } from './define';
