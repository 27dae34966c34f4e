import { z } from 'zod';
import { integerSetting, type SettingDefinitions } from './define';

/** Settings of the customer-service chat (SPEC §2, §7, §9). */
export const CHAT_SETTINGS = {
  customer_service_url: {
    schema: z
      .string()
      .trim()
      .max(500)
      .refine((value) => value === '' || /^https:\/\/[^\s?#]+(\?[^\s#]*)?$/.test(value), {
        error: 'empty, or an https:// address',
      }),
    rule: { key: 'httpsUrlOrEmpty' },
    defaultValue: '',
    description:
      'External customer-service page; when set the service icon opens it with token, party id, name, language, avatar and product id (empty: the built-in chat)',
    isPublic: true,
  },
  chat_poll_seconds: integerSetting(2, 60, {
    defaultValue: '5',
    description: 'Seconds between polls of an open chat dialog when its socket cannot open',
    isPublic: true,
  }),
  chat_unread_poll_seconds: integerSetting(10, 600, {
    defaultValue: '30',
    description: 'Seconds between polls of the unread badges',
    isPublic: true,
  }),
  chat_image_max_kb: integerSetting(100, 10240, {
    defaultValue: '2048',
    description: 'Largest chat picture (JPEG or PNG) in KB',
    isPublic: true,
  }),
  chat_messages_per_minute: integerSetting(1, 600, {
    defaultValue: '30',
    description: 'Messages one person may send per minute',
  }),
} as const satisfies SettingDefinitions;

export type TChatSettingCode = keyof typeof CHAT_SETTINGS;
