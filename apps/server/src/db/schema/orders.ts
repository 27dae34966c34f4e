import { ORDER_STATUS } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, ref, tstz, updatedAt } from '../columns';
import { users } from './accounts';
import { stores } from './stores';

export const ORDER_REFUND_STATES = ['none', 'refunding', 'success', 'fail'] as const;

export type TOrderAddress = {
  consignee: string;
  areaCode: string;
  phone: string;
  email: string | null;
  country: string;
  countryName: string;
  state: string;
  stateName: string;
  city: string;
  postcode: string;
  detail: string;
};

/**
 * One order per seller per checkout. Status codes of SPEC §3; every change is a conditional UPDATE on
 * `status` (see modules/orders/state.ts). Amounts are frozen at placing time.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNo: text('order_no').notNull(),
    buyerUserId: ref('buyer_user_id')
      .notNull()
      .references(() => users.id),
    storeId: ref('store_id')
      .notNull()
      .references(() => stores.id),
    sellerUserId: ref('seller_user_id')
      .notNull()
      .references(() => users.id),
    status: smallint('status').notNull().default(0),
    /** The status a refund request interrupted, restored when the refund is rejected. */
    statusBeforeRefund: smallint('status_before_refund'),
    refundStatus: text('refund_status', { enum: ORDER_REFUND_STATES }).notNull().default('none'),
    itemsAmount: money('items_amount').notNull(),
    dispatchFee: money('dispatch_fee').notNull(),
    longDistanceFee: money('long_distance_fee').notNull(),
    deliveryFee: money('delivery_fee').notNull(),
    tax: money('tax').notNull(),
    handlingFee: money('handling_fee').notNull(),
    discount: money('discount').notNull(),
    total: money('total').notNull(),
    paidAmount: money('paid_amount').notNull().default(sql`0`),
    refundedAmount: money('refunded_amount').notNull().default(sql`0`),
    /** Commission rate charged at settlement (a decimal string), kept to reverse it on a later refund. */
    commissionRate: text('commission_rate'),
    commissionAmount: money('commission_amount').notNull().default(sql`0`),
    sellerSettledAmount: money('seller_settled_amount').notNull().default(sql`0`),
    address: jsonb('address').$type<TOrderAddress>().notNull(),
    remark: text('remark').notNull().default(''),
    cancelReason: smallint('cancel_reason'),
    paymentMethod: text('payment_method'),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    isSettled: boolean('is_settled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: tstz('paid_at'),
    confirmedAt: tstz('confirmed_at'),
    shippedAt: tstz('shipped_at'),
    receivedAt: tstz('received_at'),
    reviewedAt: tstz('reviewed_at'),
    cancelledAt: tstz('cancelled_at'),
    remindedAt: tstz('reminded_at'),
    settledAt: tstz('settled_at'),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    index('orders_buyer_idx').on(t.buyerUserId, t.createdAt),
    index('orders_store_idx').on(t.storeId, t.createdAt),
    // The console's order list, newest first by default or sorted by date or total either way, and the shop's list
    // by total (db/list-sort.ts): each read every order and sorted them all for one page.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_total_idx').on(t.total, t.id),
    index('orders_store_total_idx').on(t.storeId, t.total, t.id),
    // The timed jobs' scans, as partial indexes: an order paid at checkout (the hot insert) enters none of them.
    index('orders_unpaid_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = ${sql.raw(String(ORDER_STATUS.pendingPayment))}`),
    index('orders_shipped_idx')
      .on(t.shippedAt)
      .where(sql`${t.status} = ${sql.raw(String(ORDER_STATUS.shipped))}`),
    index('orders_received_idx')
      .on(t.receivedAt)
      .where(sql`${t.status} = ${sql.raw(String(ORDER_STATUS.received))}`),
    index('orders_unsettled_idx')
      .on(t.receivedAt)
      .where(
        sql`${t.status} in (${sql.raw(`${ORDER_STATUS.received}, ${ORDER_STATUS.reviewed}`)}) and not ${t.isSettled}`,
      ),
    check('orders_status_range', sql`${t.status} between -1 and 6`),
    check(
      'orders_amounts_nonnegative',
      sql`${t.total} >= 0 and ${t.paidAmount} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.paidAmount}`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: ref('product_id').notNull(),
    variantId: ref('variant_id'),
    /** Name and variant as the buyer read them at checkout, in the buyer's language. */
    name: text('name').notNull(),
    specification: text('specification').notNull().default(''),
    /**
     * The same in the language the seller wrote the product in (products.lang), for the seller's and staff's
     * screens: a seller shown "أخضر / S" could not tell which colour to pack. Null on orders placed before.
     */
    nameForSeller: text('name_for_seller'),
    specificationForSeller: text('specification_for_seller'),
    imgUrl: text('img_url'),
    unitPrice: money('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: money('line_total').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Order history (SPEC §4 messages): an event key of the `server` namespace, rendered per language. */
export const orderLogs = pgTable(
  'order_logs',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('order_logs_order_idx').on(t.orderId, t.createdAt)],
);

export const orderLogistics = pgTable(
  'order_logistics',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** Set when a tracking correction replaced the number this line carries: the buyer sees it struck through. */
    supersededAt: tstz('superseded_at'),
  },
  (t) => [index('order_logistics_order_idx').on(t.orderId, t.createdAt)],
);

export const ORDER_REFUND_KINDS = ['refund', 'return'] as const;

/** Refund (before shipping) and return (after receipt) requests; one open request per order. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_REFUND_KINDS }).notNull(),
    reason: smallint('reason').notNull(),
    amount: money('amount').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ORDER_REFUND_STATES }).notNull().default('refunding'),
    rejectReason: text('reject_reason'),
    /** 'buyer' request or 'platform' manual refund. */
    initiatedBy: text('initiated_by').notNull().default('buyer'),
    createdAt: createdAt(),
    decidedAt: tstz('decided_at'),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('order_refunds_open_key').on(t.orderId).where(sql`${t.status} = 'refunding'`),
    check('order_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const orderReviews = pgTable(
  'order_reviews',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    rating: text('rating', { enum: ['good', 'medium', 'bad'] }).notNull(),
    content: text('content').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_reviews_order_key').on(t.orderId)],
);
