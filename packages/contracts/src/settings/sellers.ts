import { z } from 'zod';
import type { SettingDefinitions } from './define';

/** Platform settings of the merchant side (issue 12). */
export const SELLER_SETTINGS = {
  merchant_promo_url: {
    schema: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), { error: 'https URL or empty' }),
    rule: { key: 'httpsUrlOrEmpty' },
    defaultValue: '',
    description:
      "External seller-promotion page /merchantSettled opens (with lang and avatar); empty shows Caravan's own page",
    isPublic: true,
  },
} as const satisfies SettingDefinitions;
