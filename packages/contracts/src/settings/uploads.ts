import { integerSetting, type SettingDefinitions } from './define';

/** Abuse limits of picture uploads (issue 10, defect 8), per uploader: buyers, sellers and staff alike. */
export const UPLOAD_SETTINGS = {
  upload_daily_count: integerSetting(1, 100_000, {
    defaultValue: '500',
    description: 'Pictures one person may upload per UTC day',
  }),
  upload_daily_mb: integerSetting(1, 100_000, {
    defaultValue: '1000',
    description: 'Megabytes of pictures (as sent) one person may upload per UTC day',
  }),
  upload_per_minute: integerSetting(1, 600, {
    defaultValue: '30',
    description: 'Pictures one person may upload per minute (shared by all server processes with Redis)',
  }),
} as const satisfies SettingDefinitions;

export type TUploadSettingCode = keyof typeof UPLOAD_SETTINGS;
