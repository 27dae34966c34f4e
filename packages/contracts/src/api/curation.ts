import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { requiredOrInvalid, V, zChoice, zId, zInstant, zLocalizedLines, zWhole } from '../validation';
import { ZImage } from './catalog';
import { zUploadRef } from './upload-ref';

/** Platform catalogue curation (/admin, permission `catalog.manage`): categories, banners, home pins, activity. */

const zTexts = zLocalizedLines;
const zLanguage = zChoice(LANGUAGES);
/** A schedule's end after its start, either end open ("required" was the message of an end before the start). */
const isScheduleInOrder = (b: { startsAt: string | null; endsAt: string | null }) =>
  !b.startsAt || !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt);

/** A link inside the site (a path), never an outside address. */
const zSitePath = z
  .string({ error: requiredOrInvalid })
  .trim()
  .max(200, { error: V.tooLong })
  // "//host/x" is a path to no browser: it leaves the site for another host.
  .regex(/^\/(?!\/)[A-Za-z0-9\-._~/?=&%#+]*$/, { error: requiredOrInvalid });

export const ZAdminCategory = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  level: z.number().int(),
  sort: z.number().int(),
  /** The icon's picture (an upload reference, its public address) or '' for none. */
  icon: z.string(),
  isRecommended: z.boolean(),
  isHidden: z.boolean(),
  names: z.record(z.string(), z.string()),
  /** Goods in the category and every category below it. */
  productCount: z.number().int(),
});
export type TAdminCategory = z.infer<typeof ZAdminCategory>;
export const ZAdminCategoryList = z.object({ data: z.array(ZAdminCategory) });

/**
 * A category's icon: a picture uploaded to this platform (its upload reference, as banners take), or '' for none.
 * Free text, an outside address or anything else is refused as no picture of the platform.
 */
const zCategoryIcon = z
  .string({ error: V.imageRef })
  .trim()
  .pipe(z.union([z.literal(''), zUploadRef], { error: V.imageRef }));
const zSort = zWhole(0, 1_000_000);

export const ZCreateCategoryRequest = z.strictObject({
  names: zTexts(64).refine((t) => Boolean(t.en), { error: V.required, path: ['en'] }),
  parentId: zId.nullable().default(null),
  icon: zCategoryIcon.default(''),
  sort: zSort.default(0),
});
export type TCreateCategoryRequest = z.input<typeof ZCreateCategoryRequest>;

/** Any subset: rename (per language), move (parentId, null = top level), reorder, hide, recommend. */
export const ZUpdateCategoryRequest = z.strictObject({
  names: zTexts(64)
    .refine((t) => Boolean(t.en), { error: V.required, path: ['en'] })
    .optional(),
  parentId: zId.nullable().optional(),
  icon: zCategoryIcon.optional(),
  sort: zSort.optional(),
  isHidden: z.boolean().optional(),
  isRecommended: z.boolean().optional(),
});
export type TUpdateCategoryRequest = z.input<typeof ZUpdateCategoryRequest>;

export const ZAdminBanner = z.object({
  id: z.string(),
  titles: z.record(z.string(), z.string()),
  subtitles: z.record(z.string(), z.string()),
  image: ZImage,
  images: z.record(z.string(), ZImage),
  languages: z.array(z.string()),
  link: z.string(),
  sort: z.number().int(),
  isActive: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type TAdminBanner = z.infer<typeof ZAdminBanner>;
export const ZAdminBannerList = z.object({ data: z.array(ZAdminBanner) });

export const ZBannerRequest = z
  .strictObject({
    titles: zTexts(80),
    subtitles: zTexts(120).default({}),
    /** The picture (an upload reference); `imageRefs` replaces it for single languages. */
    imageRef: zUploadRef,
    imageRefs: z.partialRecord(zLanguage, zUploadRef).default({}),
    /** Empty: every language. */
    languages: z.array(zLanguage).max(LANGUAGES.length).default([]),
    link: zSitePath.default('/commodity'),
    sort: zSort.default(0),
    isActive: z.boolean().default(true),
    startsAt: zInstant.nullable().default(null),
    endsAt: zInstant.nullable().default(null),
  })
  .refine(isScheduleInOrder, { error: V.couponDates, path: ['endsAt'] })
  .refine((b) => Object.keys(b.titles).length > 0, { error: V.required, path: ['titles'] });
export type TBannerRequest = z.input<typeof ZBannerRequest>;

export const ZActivity = z.object({
  id: z.string(),
  titles: z.record(z.string(), z.string()),
  detailUrl: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  isActive: z.boolean(),
});
export type TActivity = z.infer<typeof ZActivity>;
export const ZActivityList = z.object({ data: z.array(ZActivity) });

export const ZActivityRequest = z
  .strictObject({
    titles: zTexts(80).default({}),
    /** A page of this site or an https address of the activity. */
    detailUrl: z.union([zSitePath, z.url({ protocol: /^https$/, error: V.required }).max(500)]),
    startsAt: zInstant.nullable().default(null),
    endsAt: zInstant.nullable().default(null),
    isActive: z.boolean().default(true),
  })
  .refine(isScheduleInOrder, { error: V.couponDates, path: ['endsAt'] });
export type TActivityRequest = z.input<typeof ZActivityRequest>;

export const HOME_PIN_SECTION_NAMES = [
  'recommendGoods',
  'recommendStores',
  'newGoods',
  'hotGoods',
  'discountGoods',
  'recommendCategories',
] as const;
export const HOME_PINS_MAX = 12;
export const ZHomePinsRequest = z.strictObject({
  targetIds: z
    .array(zId)
    .max(HOME_PINS_MAX, { error: V.tooLong })
    // Refused rather than counted once: a list sent twice the same is a client's mistake, not an order of pins.
    .refine((ids) => new Set(ids).size === ids.length, { error: V.invalidValue }),
});
export const ZHomePinSectionParams = z.strictObject({ section: z.enum(HOME_PIN_SECTION_NAMES) });
/** A pinned or pinnable item as staff see it: its id and name in the staff member's language. */
export const ZHomePinItem = z.object({ id: z.string(), name: z.string() });
export type THomePinItem = z.infer<typeof ZHomePinItem>;
/**
 * A pinned item; `isShown` false while the home page leaves it out (a product off shelf or taken down, a suspended
 * store, a hidden category): it keeps its place and may still be moved or unpinned.
 */
export const ZPinnedItem = ZHomePinItem.extend({ isShown: z.boolean() });
export const ZHomePins = z.object({
  section: z.enum(HOME_PIN_SECTION_NAMES),
  targetIds: z.array(z.string()),
  items: z.array(ZPinnedItem),
});
export type THomePins = z.infer<typeof ZHomePins>;
export type THomePinSection = (typeof HOME_PIN_SECTION_NAMES)[number];
export const ZHomePinsList = z.object({ data: z.array(ZHomePins) });
export const ZHomePinCandidatesQuery = z.strictObject({
  section: z.enum(HOME_PIN_SECTION_NAMES),
  keyword: z.string().trim().max(100).default(''),
  lang: z.string().optional(),
});
export const ZHomePinCandidates = z.object({ data: z.array(ZHomePinItem) });
