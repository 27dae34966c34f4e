import {
  formatMoney,
  PAGE_SIZE,
  parseMoney,
  RETURN_WITHIN_DAYS,
  type TLanguage,
  type TListSort,
  type TLogisticsEntry,
  type TOrderInfo,
  type TOrderListSort,
  type TOrderSummary,
  type TOrderTab,
  type TSellerSummary,
} from '@caravan/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listOrderBy } from '../../db/list-sort';
import {
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  orderItems,
  orderLogistics,
  orderLogs,
  orderRefunds,
  orderReviews,
  orders,
  stores,
  users,
} from '../../db/schema';
import { findWaitingFirstApprovals } from '../approvals';
import { getBalances } from '../ledger';
import { formatAmounts } from './checkout';
import { findOrder, type TOrderOwner } from './find-order';
import { renderOrderLog } from './logs';
import { getOrderSettings } from './settings';
import { S, STATUS_NAMES, type TOrderRow, tabFilter } from './state';

const DAY_MS = 24 * 60 * 60_000;

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/**
 * Who reads the order: its buyer sees the goods' names as they read them at checkout; its seller and staff in the
 * language the seller wrote the product in (order_items.name_for_seller, when the order has it).
 */
export type TOrderAudience = 'buyer' | 'seller' | 'staff';

export function audienceOf(owner: TOrderOwner): TOrderAudience {
  return 'buyerUserId' in owner ? 'buyer' : 'storeId' in owner ? 'seller' : 'staff';
}

function formatRefundAmount(amount: bigint | undefined): string | null {
  return amount === undefined ? null : formatMoney(amount);
}

async function loadSummaries(
  db: Executor,
  rows: TOrderRow[],
  audience: TOrderAudience = 'buyer',
): Promise<TOrderSummary[]> {
  const isForSeller = audience !== 'buyer';
  if (rows.length === 0) {
    return [];
  }
  const ids = rows.map((r) => r.id);
  const storeIds = [...new Set(rows.map((r) => r.storeId))];
  const refundedIds = rows.filter((r) => r.refundStatus !== 'none').map((r) => r.id);
  const [items, storeRows, refundRows] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db.select({ id: stores.id, name: stores.name }).from(stores).where(inArray(stores.id, storeIds)),
    refundedIds.length === 0
      ? []
      : db
          .select({ orderId: orderRefunds.orderId, amount: orderRefunds.amount })
          .from(orderRefunds)
          .where(inArray(orderRefunds.orderId, refundedIds))
          .orderBy(asc(orderRefunds.id)),
  ]);
  const storeNames = new Map(storeRows.map((s) => [s.id, s.name]));
  // Ascending ids: a later request of the same order overwrites an earlier one.
  const latestRefundAmounts = new Map(refundRows.map((refund) => [refund.orderId, refund.amount]));
  const isAnyUnpaid = rows.some((r) => r.status === S.pendingPayment);
  const payMinutes = isAnyUnpaid ? (await getOrderSettings(db)).autoCancelMinutes : 0;
  return rows.map((r) => ({
    orderNo: r.orderNo,
    status: r.status,
    statusName: STATUS_NAMES[r.status] ?? 'pending_payment',
    refundStatus: r.refundStatus,
    refundAmount: formatRefundAmount(latestRefundAmounts.get(r.id)),
    seller: { id: r.storeId.toString(), name: storeNames.get(r.storeId) ?? '' },
    items: items
      .filter((i) => i.orderId === r.id)
      .map((i) => ({
        id: i.id.toString(),
        productId: i.productId.toString(),
        variantId: i.variantId?.toString() ?? null,
        name: (isForSeller ? i.nameForSeller : null) ?? i.name,
        specification: (isForSeller ? i.specificationForSeller : null) ?? i.specification,
        imgUrl: i.imgUrl,
        unitPrice: formatMoney(i.unitPrice),
        quantity: i.quantity,
        lineTotal: formatMoney(i.lineTotal),
      })),
    amounts: formatAmounts(r),
    paidAmount: formatMoney(r.paidAmount),
    isReminded: r.remindedAt !== null,
    createdAt: r.createdAt.toISOString(),
    paidAt: iso(r.paidAt),
    payBefore:
      r.status === S.pendingPayment
        ? new Date(r.createdAt.getTime() + payMinutes * 60_000).toISOString()
        : null,
  }));
}

export async function toOrderSummaries(db: Executor, rows: TOrderRow[]): Promise<TOrderSummary[]> {
  return loadSummaries(db, rows, 'buyer');
}

/** The answer to placing orders: the new orders in id order and their grand total. */
export async function summarizePlacedOrders(
  db: Executor,
  placed: { id: bigint; total: bigint }[],
): Promise<{ orders: TOrderSummary[]; total: string }> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        placed.map((p) => p.id),
      ),
    )
    .orderBy(orders.id);
  const total = placed.reduce((sum, p) => sum + p.total, 0n);
  return { orders: await toOrderSummaries(db, rows), total: formatMoney(total) };
}

export async function toOrderInfo(
  db: Executor,
  row: TOrderRow,
  lang: TLanguage,
  audience: TOrderAudience = 'buyer',
): Promise<TOrderInfo> {
  const [[summary], logs, refunds, reviews] = await Promise.all([
    loadSummaries(db, [row], audience),
    db
      .select()
      .from(orderLogs)
      .where(eq(orderLogs.orderId, row.id))
      .orderBy(asc(orderLogs.createdAt), asc(orderLogs.id)),
    db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, row.id))
      .orderBy(desc(orderRefunds.id))
      .limit(1),
    db.select().from(orderReviews).where(eq(orderReviews.orderId, row.id)).limit(1),
  ]);
  const refund = refunds[0];
  const review = reviews[0];
  const canReturnUntil =
    row.receivedAt && (row.status === S.received || row.status === S.reviewed)
      ? new Date(row.receivedAt.getTime() + RETURN_WITHIN_DAYS * DAY_MS).toISOString()
      : null;
  return {
    ...summary!,
    address: row.address,
    remark: row.remark,
    cancelReason: row.cancelReason,
    paymentMethod: row.paymentMethod,
    carrier: row.carrier,
    trackingNo: row.trackingNo,
    confirmedAt: iso(row.confirmedAt),
    shippedAt: iso(row.shippedAt),
    receivedAt: iso(row.receivedAt),
    cancelledAt: iso(row.cancelledAt),
    remindedAt: iso(row.remindedAt),
    settledAt: iso(row.settledAt),
    refund: refund
      ? {
          kind: refund.kind,
          reason: refund.reason,
          amount: formatMoney(refund.amount),
          description: refund.description,
          images: refund.images,
          status: refund.status,
          rejectReason: refund.rejectReason,
          createdAt: refund.createdAt.toISOString(),
          decidedAt: iso(refund.decidedAt),
        }
      : null,
    review: review
      ? { rating: review.rating, content: review.content, images: review.images, isDefault: review.isDefault }
      : null,
    history: logs.map((l) => ({
      event: l.event,
      message: renderOrderLog(lang, l.event, l.params),
      createTime: l.createdAt.toISOString(),
    })),
    canReturnUntil,
  };
}

export async function getOrderInfo(
  db: Executor,
  orderNo: string,
  owner: TOrderOwner,
  lang: TLanguage,
): Promise<TOrderInfo> {
  return toOrderInfo(db, await findOrder(db, orderNo, owner), lang, audienceOf(owner));
}

export async function listOrders(
  db: Executor,
  query: {
    owner: TOrderOwner;
    tab: TOrderTab;
    pageNum: number;
    extra?: SQL[];
    /** The seller's and the console's column sort; the buyer's list is always newest first. */
    sort?: TListSort<TOrderListSort>;
  },
) {
  const owner = query.owner;
  const filters: (SQL | undefined)[] = [
    'buyerUserId' in owner ? eq(orders.buyerUserId, owner.buyerUserId) : undefined,
    'storeId' in owner ? eq(orders.storeId, owner.storeId) : undefined,
    tabFilter(query.tab),
    ...(query.extra ?? []),
  ];
  const where = and(...filters);
  const pageSize = PAGE_SIZE.list;
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(orders).where(where),
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(
        ...listOrderBy(query.sort ?? {}, { createdAt: orders.createdAt, total: orders.total }, orders.id, [
          desc(orders.createdAt),
          desc(orders.id),
        ]),
      )
      .limit(pageSize)
      .offset((query.pageNum - 1) * pageSize),
  ]);
  return { rows, pageNum: query.pageNum, pageSize, total: total?.n ?? 0 };
}

export async function listBuyerOrders(
  db: Executor,
  userId: bigint,
  tab: TOrderTab,
  pageNum: number,
  /** One SPEC §3 status code within the tab (the legacy list's 5, "reviewed", has no tab of its own). */
  onlyStatus?: number,
) {
  const extra = onlyStatus === undefined ? [] : [eq(orders.status, onlyStatus)];
  const page = await listOrders(db, { owner: { buyerUserId: userId }, tab, pageNum, extra });
  return {
    pageList: await loadSummaries(db, page.rows),
    pageNum,
    pageSize: page.pageSize,
    total: page.total,
  };
}

/** The next string of digits of the same length ("2026120499" -> "2026120500"), or null past all nines. */
function nextDigits(digits: string): string | null {
  const next = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  return next.length > digits.length ? null : next;
}

/**
 * Order numbers starting with `digits` (validated digits only, ZSellerOrderListQuery). Order numbers are digits, so
 * they start with it exactly when they sort from it to the next prefix: a range on orders_order_no_key in any
 * collation, where LIKE 'prefix%' needs the C collation or text_pattern_ops to use an index. The LIKE stays as the
 * exact test.
 */
export function orderNoStartsWith(digits: string): SQL {
  const upper = nextDigits(digits);
  return and(
    gte(orders.orderNo, digits),
    upper === null ? undefined : lt(orders.orderNo, upper),
    like(orders.orderNo, `${digits}%`),
  )!;
}

export async function listSellerOrders(
  db: Executor,
  storeId: bigint,
  query: {
    tab: TOrderTab;
    pageNum: number;
    isReminded?: 'true' | 'false' | undefined;
    orderNo?: string | undefined;
  } & TListSort<TOrderListSort>,
) {
  const extra: SQL[] = [];
  if (query.isReminded === 'true') {
    extra.push(isNotNull(orders.remindedAt), inArray(orders.status, [S.paid, S.confirmed]));
  }
  if (query.orderNo) {
    extra.push(orderNoStartsWith(query.orderNo));
  }
  const page = await listOrders(db, {
    owner: { storeId },
    tab: query.tab,
    pageNum: query.pageNum,
    extra,
    sort: query,
  });
  return {
    pageList: await loadSummaries(db, page.rows, 'seller'),
    pageNum: query.pageNum,
    pageSize: page.pageSize,
    total: page.total,
  };
}

export async function listAdminOrders(
  db: Executor,
  query: { tab: TOrderTab; pageNum: number; orderNo?: string | undefined } & TListSort<TOrderListSort>,
) {
  // The same search as the seller's: the start of a number finds the orders it begins (QA seller 4).
  const extra: SQL[] = query.orderNo ? [orderNoStartsWith(query.orderNo)] : [];
  const page = await listOrders(db, {
    owner: { isStaff: true },
    tab: query.tab,
    pageNum: query.pageNum,
    extra,
    sort: query,
  });
  const summaries = await loadSummaries(db, page.rows, 'staff');
  const buyerIds = [...new Set(page.rows.map((r) => r.buyerUserId))];
  const buyers =
    buyerIds.length > 0
      ? await db
          .select({ id: users.id, usercode: users.usercode })
          .from(users)
          .where(inArray(users.id, buyerIds))
      : [];
  const codes = new Map(buyers.map((b) => [b.id, b.usercode]));
  const refundApprovals = await findWaitingFirstApprovals(
    db,
    'refund',
    summaries.map((s) => s.orderNo),
  );
  return {
    pageList: summaries.map((s, i) => {
      const row = page.rows[i]!;
      return {
        ...s,
        buyer: { id: row.buyerUserId.toString(), usercode: codes.get(row.buyerUserId) ?? '' },
        refundApproval: refundApprovals.get(s.orderNo) ?? null,
        refundableAmount: formatMoney(row.paidAmount - row.refundedAmount),
      };
    }),
    pageNum: query.pageNum,
    pageSize: page.pageSize,
    total: page.total,
  };
}

/** Logistics entries, oldest first. */
export async function listLogistics(
  db: Executor,
  orderNo: string,
  owner: TOrderOwner,
): Promise<TLogisticsEntry[]> {
  const order = await findOrder(db, orderNo, owner);
  const rows = await db
    .select()
    .from(orderLogistics)
    .where(eq(orderLogistics.orderId, order.id))
    .orderBy(asc(orderLogistics.createdAt), asc(orderLogistics.id));
  return rows.map((r) => ({
    id: r.id.toString(),
    content: r.content,
    createTime: r.createdAt.toISOString(),
    supersededTime: r.supersededAt?.toISOString() ?? null,
  }));
}

/**
 * What the shop's orders put into the seller's wallet, read from the ledger as the settlement statement's net is:
 * settlements less what refunds after settlement took back. orders.seller_settled_amount is written once at
 * settlement and stays as it was when a refund later takes part of it back.
 */
function settledToSeller(db: Executor, storeId: bigint, sellerUserId: bigint) {
  return db
    .select({ amount: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .innerJoin(orders, sql`${ledgerTransactions.referenceId} = ${orders.id}::text`)
    .where(
      and(
        eq(ledgerAccounts.kind, 'user_available'),
        eq(ledgerAccounts.userId, sellerUserId),
        eq(ledgerTransactions.referenceType, 'order'),
        inArray(ledgerTransactions.kind, ['order_settlement', 'order_refund']),
        eq(orders.storeId, storeId),
      ),
    );
}

export async function getSellerSummary(
  db: Executor,
  storeId: bigint,
  sellerUserId: bigint,
): Promise<TSellerSummary> {
  const [byStatus, [settled], [money], [counts], balances] = await Promise.all([
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(eq(orders.storeId, storeId))
      .groupBy(orders.status),
    settledToSeller(db, storeId, sellerUserId),
    db
      .select({
        pending: sql<string>`coalesce(sum(${orders.paidAmount} - ${orders.refundedAmount}) filter (where not ${orders.isSettled} and ${orders.status} in (1, 2, 3, 4, 5, 6)), 0)::text`,
      })
      .from(orders)
      .where(eq(orders.storeId, storeId)),
    db
      .select({
        reminded: sql<number>`count(*) filter (where ${orders.remindedAt} is not null and ${orders.status} in (1, 2))::int`,
        refunding: sql<number>`count(*) filter (where ${orders.refundStatus} = 'refunding')::int`,
      })
      .from(orders)
      .where(eq(orders.storeId, storeId)),
    getBalances(db, sellerUserId),
  ]);
  const ordersByStatus: Record<string, number> = {};
  for (const r of byStatus) {
    ordersByStatus[String(r.status)] = r.n;
  }
  return {
    balance: formatMoney(balances.available),
    settledAmount: formatMoney(parseMoney(settled?.amount ?? '0')),
    pendingSettlement: formatMoney(parseMoney(money?.pending ?? '0')),
    ordersByStatus,
    remindedCount: counts?.reminded ?? 0,
    refundingCount: counts?.refunding ?? 0,
  };
}
