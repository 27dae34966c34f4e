import { z } from 'zod';
import { integerSetting, type SettingDefinitions } from './define';

const httpsUrlOrEmpty = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), { error: 'http(s) URL or empty' });

/** Platform settings of the account services (issue 15): codes, cancellation, app downloads. */
export const ACCOUNT_SETTINGS = {
  verify_code_daily_limit: integerSetting(1, 100, {
    defaultValue: '10',
    description: 'Verification codes one e-mail address or mobile number may receive per UTC day',
  }),
  verify_code_ip_hourly_limit: integerSetting(1, 10000, {
    defaultValue: '20',
    description: 'Verification codes one IP address may have sent per hour, to any addresses',
  }),
  subscribe_ip_hourly_limit: integerSetting(1, 10000, {
    defaultValue: '5',
    description:
      'Confirmation e-mails (double opt-in) the footer subscription may send per hour for one IP address',
  }),
  register_email_code_required: {
    schema: z.enum(['0', '1'], { error: '0 or 1' }),
    rule: { key: 'oneOf', params: { values: '0, 1' } },
    defaultValue: '0',
    description: 'Registration by e-mail needs a code sent to that address (1) or not (0)',
    isPublic: true,
  },
  account_reregister_days: integerSetting(0, 3650, {
    defaultValue: '30',
    description: 'Days a cancelled account keeps its username, e-mail and mobile from being registered again',
  }),
  app_download_buyer_url: {
    schema: httpsUrlOrEmpty,
    rule: { key: 'urlOrEmpty' },
    defaultValue: '',
    description: 'Download page of the buyer app (empty: not offered)',
    isPublic: true,
  },
  app_download_seller_url: {
    schema: httpsUrlOrEmpty,
    rule: { key: 'urlOrEmpty' },
    defaultValue: '',
    description: 'Download page of the seller app (empty: not offered)',
    isPublic: true,
  },
} as const satisfies SettingDefinitions;
export type TAccountSettingCode = keyof typeof ACCOUNT_SETTINGS;
