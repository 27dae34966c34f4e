import { z } from 'zod';
import {
  requiredOrInvalid,
  V,
  zAreaCode,
  zConsignee,
  zId,
  zMobile,
  zPostcode,
  zRequiredText,
} from '../validation';

/** Country, state and city are codes and names from the maintained `country-state-city` lists. */
export const ZAddressRequest = z.strictObject({
  consignee: zConsignee,
  areaCode: zAreaCode,
  phone: zMobile,
  /** ISO 3166-1 alpha-2 code, e.g. "DE". */
  country: z
    .string({ error: requiredOrInvalid })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: requiredOrInvalid }),
  /** State or province code of that country; empty only where the country has no states. */
  state: z.string().trim().max(16, { error: V.tooLong }).default(''),
  city: z.string().trim().max(128, { error: V.tooLong }).default(''),
  postcode: zPostcode,
  detail: zRequiredText(255),
  isDefault: z.boolean().default(false),
});
export type TAddressRequest = z.input<typeof ZAddressRequest>;

export const ZAddress = z.object({
  id: z.string(),
  consignee: z.string(),
  areaCode: z.string(),
  phone: z.string(),
  country: z.string(),
  countryName: z.string(),
  state: z.string(),
  stateName: z.string(),
  city: z.string(),
  postcode: z.string(),
  detail: z.string(),
  /** 1 = default (SPEC §3). */
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZAddressList = z.object({ list: z.array(ZAddress), limit: z.number().int() });
export type TAddressList = z.infer<typeof ZAddressList>;

export const ZAddressIdParams = z.strictObject({ id: zId });

export const ZCountry = z.object({
  code: z.string(),
  name: z.string(),
  phoneCode: z.string(),
  flag: z.string(),
});
export const ZCountryList = z.object({ list: z.array(ZCountry) });
export const ZRegion = z.object({ code: z.string(), name: z.string() });
export const ZRegionList = z.object({ list: z.array(ZRegion) });
export type TCountry = z.infer<typeof ZCountry>;
export type TRegion = z.infer<typeof ZRegion>;

/** Queries are not strict: `lang` and the legacy `token` may ride along. */
export const ZStatesQuery = z.object({
  country: z
    .string({ error: requiredOrInvalid })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: requiredOrInvalid }),
});
export const ZCitiesQuery = z.object({
  country: z
    .string({ error: requiredOrInvalid })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: requiredOrInvalid }),
  state: z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: V.required })
    .max(16, { error: V.tooLong }),
});
