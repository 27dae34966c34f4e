import { z } from 'zod';
import { CANCEL_REASON_CODES, RETURN_REASON_CODES, REVIEW_IMAGES_MAX } from '../constants';
import { zSortQuery } from '../list-sort';
import {
  choiceError,
  messageWithValues,
  requiredOrInvalid,
  V,
  zAmount,
  zChoice,
  zId,
  zPageNum,
  zRequiredText,
  zTxPassword,
} from '../validation';
import { ZWaitingFirstApproval } from './approvals';
import { zQuantity } from './cart';
import { zUploadRef } from './upload-ref';

/** Status codes of SPEC §3 as names; the numeric code goes with every order. */
export const ORDER_STATUS_NAMES = [
  'cancelled',
  'pending_payment',
  'paid',
  'confirmed',
  'shipped',
  'received',
  'reviewed',
  'refund',
] as const;
export type TOrderStatusName = (typeof ORDER_STATUS_NAMES)[number];

export const REFUND_STATUSES = ['none', 'refunding', 'success', 'fail'] as const;
export type TRefundStatus = (typeof REFUND_STATUSES)[number];

/** Tabs of SPEC §4. */
export const ORDER_TABS = [
  'all',
  'pending',
  'cancelled',
  'delivered',
  'confirmed',
  'receipt',
  'harvested',
  'comment',
  'refund',
] as const;
export const zOrderTab = zChoice(ORDER_TABS);
export type TOrderTab = z.infer<typeof zOrderTab>;

export const PAYMENT_METHODS = ['balance', 'card', 'third_party'] as const;
export const zPaymentMethod = zChoice(PAYMENT_METHODS);
export type TPaymentMethod = z.infer<typeof zPaymentMethod>;

export const REVIEW_RATINGS = ['good', 'medium', 'bad'] as const;
export type TReviewRating = (typeof REVIEW_RATINGS)[number];

export const REFUND_KINDS = ['refund', 'return'] as const;
export type TRefundKind = (typeof REFUND_KINDS)[number];

/** An order number: digits only. "abc" is not a valid one, which "This field is required" did not say. */
const zOrderNo = z
  .string({ error: requiredOrInvalid })
  .trim()
  .regex(/^\d{8,32}$/, { error: requiredOrInvalid });
export const ZOrderNoParams = z.strictObject({ orderNo: zOrderNo });

/** Review and refund pictures: the buyer's own uploads only (issue 10). */
const zImageUrl = zUploadRef;
/** Most characters of a buyer's remark to one seller at checkout. */
export const ORDER_REMARK_MAX = 255;
const zRemark = z
  .string()
  .trim()
  .max(ORDER_REMARK_MAX, { error: messageWithValues(V.textAtMost, { max: ORDER_REMARK_MAX }) });

export const ZCheckoutLine = z.strictObject({
  productId: zId,
  variantId: zId.optional(),
  quantity: zQuantity,
});

const ZCheckoutFields = {
  items: z.array(ZCheckoutLine).min(1, { error: V.required }).max(200).optional(),
  cartItemIds: z.array(zId).min(1, { error: V.required }).max(500).optional(),
  addressId: zId.optional(),
  /** Remarks per seller store id. */
  remarks: z.record(z.string(), zRemark).optional(),
  /** Coupons of the buyer's account, each on one seller's order (one per order). */
  coupons: z
    .array(z.strictObject({ storeId: zId, couponId: zId }))
    .max(50)
    .optional(),
};
const hasOneSource = (v: { items?: unknown; cartItemIds?: unknown }) =>
  (v.items ? 1 : 0) + (v.cartItemIds ? 1 : 0) === 1;

/** Either explicit lines (buy now) or checked cart lines. */
export const ZCheckoutRequest = z
  .strictObject(ZCheckoutFields)
  .refine(hasOneSource, { error: V.required, path: ['items'] });
export type TCheckoutRequest = z.input<typeof ZCheckoutRequest>;

export const ZOrderAmounts = z.object({
  itemsAmount: z.string(),
  dispatchFee: z.string(),
  longDistanceFee: z.string(),
  deliveryFee: z.string(),
  /** dispatch + long-distance + delivery */
  freight: z.string(),
  tax: z.string(),
  handlingFee: z.string(),
  discount: z.string(),
  total: z.string(),
});
export type TOrderAmounts = z.infer<typeof ZOrderAmounts>;

export const ZOrderItem = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  name: z.string(),
  specification: z.string(),
  imgUrl: z.string().nullable(),
  unitPrice: z.string(),
  quantity: z.number().int(),
  lineTotal: z.string(),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;

export const ZCheckoutGroup = z.object({
  seller: z.object({ id: z.string(), name: z.string() }),
  items: z.array(ZOrderItem.omit({ id: true })),
  amounts: ZOrderAmounts,
  remark: z.string(),
});
export const ZCheckoutPreview = z.object({
  groups: z.array(ZCheckoutGroup),
  total: z.string(),
  addressId: z.string().nullable(),
  paymentMethods: z.array(zPaymentMethod),
});
export type TCheckoutPreview = z.infer<typeof ZCheckoutPreview>;

export const ZAddressSnapshot = z.object({
  consignee: z.string(),
  areaCode: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  country: z.string(),
  countryName: z.string(),
  state: z.string(),
  stateName: z.string(),
  city: z.string(),
  postcode: z.string(),
  detail: z.string(),
});
export type TAddressSnapshot = z.infer<typeof ZAddressSnapshot>;

export const ZOrderSummary = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  statusName: z.enum(ORDER_STATUS_NAMES),
  refundStatus: z.enum(REFUND_STATUSES),
  /** The latest refund's amount (asked for by the buyer, or given by the platform); null while there is none. */
  refundAmount: z.string().nullable(),
  seller: z.object({ id: z.string(), name: z.string() }),
  items: z.array(ZOrderItem),
  amounts: ZOrderAmounts,
  paidAmount: z.string(),
  isReminded: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** While unpaid: when it is cancelled if still unpaid (created + order_auto_cancel_minutes); null otherwise. */
  payBefore: z.string().nullable(),
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

export const ZOrderLog = z.object({ event: z.string(), message: z.string(), createTime: z.string() });
export const ZLogisticsEntry = z.object({
  id: z.string(),
  content: z.string(),
  createTime: z.string(),
  /** When a tracking correction replaced the number on this line; null while it is current. */
  supersededTime: z.string().nullable(),
});
export type TLogisticsEntry = z.infer<typeof ZLogisticsEntry>;

export const ZRefundInfo = z.object({
  kind: z.enum(REFUND_KINDS),
  reason: z.number().int(),
  amount: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  status: z.enum(REFUND_STATUSES),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const ZOrderInfo = ZOrderSummary.extend({
  address: ZAddressSnapshot,
  remark: z.string(),
  cancelReason: z.number().int().nullable(),
  paymentMethod: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  remindedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  refund: ZRefundInfo.nullable(),
  review: z
    .object({
      rating: z.enum(REVIEW_RATINGS),
      content: z.string(),
      images: z.array(z.string()),
      isDefault: z.boolean(),
    })
    .nullable(),
  history: z.array(ZOrderLog),
  /** Whether the buyer may still ask for a return (received less than 7 days ago). */
  canReturnUntil: z.string().nullable(),
});
export type TOrderInfo = z.infer<typeof ZOrderInfo>;

export const ZOrderDetailResponse = z.object({ orderInfo: ZOrderInfo });

export const ZOrderPage = z.object({
  pageList: z.array(ZOrderSummary),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TOrderPage = z.infer<typeof ZOrderPage>;

export const ZOrderListQuery = z.object({
  tab: zOrderTab.default('all'),
  pageNum: zPageNum.default(1),
});
export type TOrderListQuery = z.input<typeof ZOrderListQuery>;

/** Placing may pay at once ("buy now and pay"): all orders are placed and paid, or nothing happens. */
export const ZPlaceOrdersRequest = z
  .strictObject({
    ...ZCheckoutFields,
    pay: z.strictObject({ txPassword: zTxPassword, method: zPaymentMethod.default('balance') }).optional(),
  })
  .refine(hasOneSource, { error: V.required, path: ['items'] });
export type TPlaceOrdersRequest = z.input<typeof ZPlaceOrdersRequest>;

export const ZPlaceOrdersResponse = z.object({ orders: z.array(ZOrderSummary), total: z.string() });

export const ZPayOrdersRequest = z.strictObject({
  orderNos: z.array(zOrderNo).min(1, { error: V.required }).max(50),
  txPassword: zTxPassword,
  method: zPaymentMethod.default('balance'),
});
export type TPayOrdersRequest = z.input<typeof ZPayOrdersRequest>;
export const ZPayOrdersResponse = z.object({
  orders: z.array(ZOrderSummary),
  paidTotal: z.string(),
  balance: z.string().nullable(),
});
export type TPayOrdersResponse = z.infer<typeof ZPayOrdersResponse>;

export const ZCancelOrderRequest = z.strictObject({
  // "Required" only when missing: a code out of the list (5) is "not one of the allowed values".
  reason: z.union(
    CANCEL_REASON_CODES.map((c) => z.literal(c)),
    { error: choiceError },
  ),
});
export type TCancelOrderRequest = z.input<typeof ZCancelOrderRequest>;

export const ZReviewOrderRequest = z.strictObject({
  rating: zChoice(REVIEW_RATINGS),
  // The limit is said: "This text is too long" left the buyer to find it in the counter (QA).
  content: z
    .string()
    .trim()
    .max(1000, { error: messageWithValues(V.textAtMost, { max: 1000 }) })
    .default(''),
  images: z
    .array(zImageUrl)
    .max(REVIEW_IMAGES_MAX, { error: messageWithValues(V.itemsAtMost, { max: REVIEW_IMAGES_MAX }) })
    .default([]),
});
export type TReviewOrderRequest = z.input<typeof ZReviewOrderRequest>;

export const ZRefundOrderRequest = z.strictObject({
  reason: z.union(
    RETURN_REASON_CODES.map((c) => z.literal(c)),
    { error: choiceError },
  ),
  amount: zAmount(2, V.amountCents),
  description: z
    .string()
    .trim()
    .max(1000, { error: messageWithValues(V.textAtMost, { max: 1000 }) })
    .default(''),
  images: z
    .array(zImageUrl)
    .max(REVIEW_IMAGES_MAX, { error: messageWithValues(V.itemsAtMost, { max: REVIEW_IMAGES_MAX }) })
    .default([]),
});
export type TRefundOrderRequest = z.input<typeof ZRefundOrderRequest>;

export const ZRebuyResponse = z.object({ cartItemIds: z.array(z.string()) });

export const ZOrderActionResponse = z.object({ orderInfo: ZOrderInfo });

// Seller panel

/** The smallest start of an order number the seller's search takes: fewer digits match about every order. */
export const ORDER_NO_SEARCH_MIN_DIGITS = 4;
const ORDER_NO_SEARCH = new RegExp(`^\\d{${ORDER_NO_SEARCH_MIN_DIGITS},32}$`);

/** The start of an order number (or all of it), empty for none; "abc" found nothing and did not say why. */
const zOrderNoSearch = z
  .string()
  .trim()
  .max(32)
  // Longer than a number can be: the length message above says why.
  .refine((v) => v === '' || v.length > 32 || ORDER_NO_SEARCH.test(v), {
    error: `${V.orderNoSearch}?min=${ORDER_NO_SEARCH_MIN_DIGITS}`,
  })
  .optional();

/**
 * The seller's and the console's order lists sort by these (`sort=<key>&order=asc|desc`): when the order was placed
 * and its total; by default newest first.
 */
export const ORDER_LIST_SORTS = ['createdAt', 'total'] as const;
export type TOrderListSort = (typeof ORDER_LIST_SORTS)[number];

export const ZSellerOrderListQuery = z.object({
  tab: zOrderTab.default('all'),
  pageNum: zPageNum.default(1),
  isReminded: z.enum(['true', 'false']).optional(),
  orderNo: zOrderNoSearch,
  ...zSortQuery(ORDER_LIST_SORTS),
});

export const ZShipOrderRequest = z.strictObject({
  carrier: zRequiredText(64),
  // Letters and digits with the separators carriers print: "<script>" or "ÄÖ" was shown to the buyer as sent.
  trackingNo: zRequiredText(64).regex(/^[A-Za-z0-9](?:[A-Za-z0-9 ./-]*[A-Za-z0-9])?$/, {
    error: V.trackingNo,
  }),
});
export type TShipOrderRequest = z.input<typeof ZShipOrderRequest>;
/** A shipped order's carrier and tracking number, corrected: the rules of shipping. */
export const ZCorrectTrackingRequest = ZShipOrderRequest;
export type TCorrectTrackingRequest = TShipOrderRequest;

/**
 * Whether a correction names the parcel already on the order (TRACKING_UNCHANGED). Carriers and numbers are read
 * without regard to case or outer spaces: "dhl trk-1" is no correction of "DHL TRK-1", it would only add another line
 * for the same parcel to the buyer's logistics.
 */
export function isSameTracking(
  current: { carrier: string | null; trackingNo: string | null },
  corrected: TCorrectTrackingRequest,
): boolean {
  const same = (stored: string | null, given: string) =>
    (stored ?? '').trim().toLowerCase() === given.trim().toLowerCase();
  return same(current.carrier, corrected.carrier) && same(current.trackingNo, corrected.trackingNo);
}

export const ZLogisticsRequest = z.strictObject({ content: zRequiredText(255) });
export type TLogisticsRequest = z.input<typeof ZLogisticsRequest>;

export const ZRejectRefundRequest = z.strictObject({ reason: zRequiredText(255) });
export type TRejectRefundRequest = z.input<typeof ZRejectRefundRequest>;

export const ZSellerSummary = z.object({
  balance: z.string(),
  settledAmount: z.string(),
  pendingSettlement: z.string(),
  ordersByStatus: z.record(z.string(), z.number().int()),
  remindedCount: z.number().int(),
  refundingCount: z.number().int(),
});
export type TSellerSummary = z.infer<typeof ZSellerSummary>;

// Admin console

export const ZAdminOrderListQuery = z.object({
  tab: zOrderTab.default('all'),
  pageNum: zPageNum.default(1),
  orderNo: zOrderNoSearch,
  ...zSortQuery(ORDER_LIST_SORTS),
});

export const ZAdminRefundRequest = z.strictObject({
  amount: zAmount(2, V.amountCents),
  reason: zRequiredText(255),
});
export type TAdminRefundRequest = z.input<typeof ZAdminRefundRequest>;

export const ZAdminOrderSummary = ZOrderSummary.extend({
  buyer: z.object({ id: z.string(), usercode: z.string() }),
  /** A manual refund above the four-eyes threshold that waits for a second staff member. */
  refundApproval: ZWaitingFirstApproval.nullable(),
  /** What a manual refund may still give back: paid less refunded ("0.00" once refunded in full). */
  refundableAmount: z.string(),
});
export const ZAdminOrderPage = z.object({
  pageList: z.array(ZAdminOrderSummary),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
