import { z } from 'zod';
import { STOCK_MAX } from '../constants';
import { requiredOrInvalid, V, zId, zWholeFromText } from '../validation';

/** No line can ask for more than any stock can hold (STOCK_MAX). */
export const zQuantity = zWholeFromText(1, STOCK_MAX);

export const ZAddCartItemRequest = z.strictObject({
  productId: zId,
  variantId: zId.optional(),
  quantity: zQuantity.default(1),
});
export type TAddCartItemRequest = z.input<typeof ZAddCartItemRequest>;

export const ZUpdateCartItemRequest = z
  .strictObject({
    quantity: zQuantity.optional(),
    isChecked: z.boolean().optional(),
  })
  .refine((v) => v.quantity !== undefined || v.isChecked !== undefined, { error: V.required });
export type TUpdateCartItemRequest = z.input<typeof ZUpdateCartItemRequest>;

/** Check or uncheck many lines at once (check-all of a seller group or of the whole cart). */
export const ZCheckCartItemsRequest = z.strictObject({
  itemIds: z.array(zId).max(500).optional(),
  isChecked: z.boolean({ error: requiredOrInvalid }),
});
export type TCheckCartItemsRequest = z.input<typeof ZCheckCartItemsRequest>;

export const ZDeleteCartItemsRequest = z.strictObject({ itemIds: z.array(zId).min(1).max(500) });
export type TDeleteCartItemsRequest = z.input<typeof ZDeleteCartItemsRequest>;

/** The visitor's browser cart, sent once at log in. */
export const ZMergeCartRequest = z.strictObject({
  items: z
    .array(
      z.strictObject({
        productId: zId,
        variantId: zId.optional(),
        quantity: zQuantity,
        isChecked: z.boolean().default(true),
      }),
    )
    .max(200),
});
export type TMergeCartRequest = z.input<typeof ZMergeCartRequest>;

export const ZCartItemIdParams = z.strictObject({ id: zId });

export const ZCartItem = z.object({
  /** Identifier of the cart line. */
  id: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  name: z.string(),
  /** Chosen attribute name (variant), empty without a variant. */
  checkAttrName: z.string(),
  imgUrl: z.string().nullable(),
  /** Charged unit price, a decimal string. */
  price: z.string(),
  count: z.number().int(),
  buyMin: z.number().int(),
  /** Most of this line that can be bought now: the per-order limit or the stock, whichever is lower. */
  maxBuy: z.number().int(),
  /** Units in stock now; a line asking for more cannot be checked out until lowered. */
  stock: z.number().int(),
  isChecked: z.boolean(),
  /** False when the goods went off shelf or were removed; such lines cannot be checked out. */
  isAvailable: z.boolean(),
  unavailableReason: z.string().nullable(),
  lineTotal: z.string(),
  seller: z.object({ id: z.string(), name: z.string() }),
});
export type TCartItem = z.infer<typeof ZCartItem>;

/** One group per seller on /settlement. */
export const ZCartGroup = z.object({
  seller: z.object({ id: z.string(), name: z.string() }),
  items: z.array(ZCartItem),
  checkAll: z.boolean(),
  isIndeterminate: z.boolean(),
  checkTotal: z.string(),
});
export type TCartGroup = z.infer<typeof ZCartGroup>;

export const ZCart = z.object({
  groups: z.array(ZCartGroup),
  checkAll: z.boolean(),
  isIndeterminate: z.boolean(),
  checkedCount: z.number().int(),
  checkedTotal: z.string(),
  count: z.number().int(),
  maxBuy: z.number().int(),
});
export type TCart = z.infer<typeof ZCart>;

export const ZMergeCartResponse = z.object({
  cart: ZCart,
  /** Visitor lines that could not be kept, with the error code of each. */
  skipped: z.array(z.object({ productId: z.string(), variantId: z.string().nullable(), code: z.string() })),
});
export type TMergeCartResponse = z.infer<typeof ZMergeCartResponse>;
