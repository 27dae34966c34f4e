import {
  ORDER_STATUS,
  type TOrderTab,
  ZCancelOrderRequest,
  ZOrderListQuery,
  ZOrderNoParams,
  ZPayOrdersRequest,
  ZPlaceOrdersRequest,
  ZRefundOrderRequest,
} from '@caravan/contracts';
import {
  cancelOrder,
  findOrder,
  getOrderInfo,
  listBuyerOrders,
  listLogistics,
  payOrders,
  receiveOrder,
  requestRefund,
  submitOrders,
  summarizePlacedOrders,
  toOrderInfo,
  toOrderSummaries,
} from '../orders';
import { LEGACY_ORDER_NO, LEGACY_PAGE, readBodyValue, readImages, readList } from './params';
import {
  MONEY_CALL,
  mapLegacyParams,
  parseLegacy,
  READ_ONLY,
  registerLegacyAction,
  requireLegacyUser,
  type TLegacyContext,
} from './registry';

const TX_PASSWORD = ['safeword', 'txPassword', 'safe_password', 'safePassword'] as const;

const ALIASES = {
  orderNo: { orderNo: LEGACY_ORDER_NO },
  list: { pageNum: LEGACY_PAGE.pageNum, status: ['status', 'orderStatus', 'tab', 'type'] },
  pay: { txPassword: TX_PASSWORD, method: ['method', 'payType', 'pay_type'] },
  cancel: { reason: ['reason', 'cancelReason', 'cancel_reason', 'reasonType'] },
  refund: {
    reason: ['reason', 'returnReason', 'return_reason', 'reasonType'],
    amount: ['amount', 'returnAmount', 'return_amount', 'refundAmount', 'refund_amount'],
    description: ['description', 'returnDesc', 'return_desc', 'remark', 'explain'],
  },
  buyNow: {
    productId: ['productId', 'goodsId', 'goods_id', 'sellerGoodsId'],
    variantId: ['variantId', 'skuId', 'sku_id'],
    quantity: ['quantity', 'count', 'num', 'goodsNum'],
  },
  addressId: { addressId: ['addressId', 'address_id'] },
} as const;

/**
 * Order list status codes of SPEC §3 -> the v1 tabs of SPEC §4. 5 "reviewed" has no tab of its own: it is the
 * reviewed orders of "harvested" (which also holds the received ones, 4), listed with that status alone.
 */
const STATUS_TABS: Record<string, TOrderTab> = {
  '-1': 'cancelled',
  '0': 'pending',
  '1': 'delivered',
  '2': 'confirmed',
  '3': 'receipt',
  '4': 'comment',
  '5': 'harvested',
  '6': 'refund',
};

function toTab(status: string | undefined): string | undefined {
  if (status === undefined || status === '') {
    return undefined;
  }
  return STATUS_TABS[status.trim()] ?? status;
}

/** Reason codes come as form strings; the v1 schemas want the numbers. */
function toCode(value: string | undefined): number | string | undefined {
  return value !== undefined && /^\d{1,3}$/.test(value.trim()) ? Number.parseInt(value, 10) : value;
}

function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** A line as the old apps sent it ({ goodsId, skuId, count }) -> a v1 checkout line. */
function toCheckoutLine(line: unknown): unknown {
  if (!line || typeof line !== 'object' || Array.isArray(line)) {
    return line;
  }
  const l = line as Record<string, unknown>;
  return withoutUndefined({
    productId: l.productId ?? l.goodsId ?? l.sellerGoodsId,
    variantId: l.variantId ?? l.skuId ?? undefined,
    quantity: l.quantity ?? l.count ?? l.num,
  });
}

/**
 * The v1 place-orders request from an old submit: cart line ids (`cartItemIds`), explicit lines
 * (`items`), or one product (`goodsId`, `skuId`, `count`: buy now); with a fund password it pays at once.
 */
function readSubmit(ctx: TLegacyContext): unknown {
  const cartItemIds = readList(ctx, ['cartItemIds', 'cartIds', 'cart_ids', 'cartItemId']);
  const listed = readList(ctx, ['items', 'goodsList', 'lines']);
  const buyNow = mapLegacyParams(ctx.params, ALIASES.buyNow);
  const items = listed
    ? listed.map(toCheckoutLine)
    : buyNow.productId !== undefined
      ? [toCheckoutLine(buyNow)]
      : undefined;
  const { txPassword, method } = mapLegacyParams(ctx.params, ALIASES.pay);
  return withoutUndefined({
    cartItemIds,
    items,
    addressId: mapLegacyParams(ctx.params, ALIASES.addressId).addressId,
    remarks: readBodyValue(ctx, ['remarks']),
    pay: txPassword === undefined ? undefined : withoutUndefined({ txPassword, method }),
  });
}

async function requireOrderNo(ctx: TLegacyContext) {
  const user = await requireLegacyUser(ctx);
  const { orderNo } = parseLegacy(ZOrderNoParams, mapLegacyParams(ctx.params, ALIASES.orderNo));
  return { user, orderNo };
}

registerLegacyAction(
  'order!submit',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const { db } = ctx.app.deps;
    const input = parseLegacy(ZPlaceOrdersRequest, readSubmit(ctx));
    const placed = await submitOrders(db, user.id, input, ctx.request.lang);
    return summarizePlacedOrders(db, placed);
  },
  MONEY_CALL,
);

registerLegacyAction(
  'order!pay',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const { db } = ctx.app.deps;
    const input = parseLegacy(
      ZPayOrdersRequest,
      withoutUndefined({
        orderNos: readList(ctx, ['orderNos', 'order_nos', ...LEGACY_ORDER_NO]),
        ...mapLegacyParams(ctx.params, ALIASES.pay),
      }),
    );
    const result = await payOrders(db, user.id, input);
    return {
      orders: await toOrderSummaries(db, result.orders),
      paidTotal: result.paidTotal,
      balance: result.balance,
    };
  },
  MONEY_CALL,
);

registerLegacyAction(
  'order!cancel',
  async (ctx) => {
    const { user, orderNo } = await requireOrderNo(ctx);
    const { reason } = parseLegacy(ZCancelOrderRequest, {
      reason: toCode(mapLegacyParams(ctx.params, ALIASES.cancel).reason),
    });
    const row = await cancelOrder(ctx.app.deps.db, { userId: user.id, orderNo, reason });
    return { orderInfo: await toOrderInfo(ctx.app.deps.db, row, ctx.request.lang) };
  },
  MONEY_CALL,
);

/** Paged by the v1 list (20 a page, SPEC §7 default); `status` is a SPEC §3 code or a v1 tab name. */
registerLegacyAction(
  'order!listMain',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const mapped = mapLegacyParams(ctx.params, ALIASES.list);
    const query = parseLegacy(
      ZOrderListQuery,
      withoutUndefined({ pageNum: mapped.pageNum, tab: toTab(mapped.status) }),
    );
    const isReviewedOnly = mapped.status?.trim() === String(ORDER_STATUS.reviewed);
    return listBuyerOrders(
      ctx.app.deps.db,
      user.id,
      query.tab,
      query.pageNum,
      isReviewedOnly ? ORDER_STATUS.reviewed : undefined,
    );
  },
  READ_ONLY,
);

registerLegacyAction(
  'order!info',
  async (ctx) => {
    const { user, orderNo } = await requireOrderNo(ctx);
    return {
      orderInfo: await getOrderInfo(ctx.app.deps.db, orderNo, { buyerUserId: user.id }, ctx.request.lang),
    };
  },
  READ_ONLY,
);

registerLegacyAction(
  'order!listGoods',
  async (ctx) => {
    const { user, orderNo } = await requireOrderNo(ctx);
    const { db } = ctx.app.deps;
    const [summary] = await toOrderSummaries(db, [await findOrder(db, orderNo, { buyerUserId: user.id })]);
    const items = summary?.items ?? [];
    return { pageList: items, pageNum: 1, pageSize: items.length, total: items.length };
  },
  READ_ONLY,
);

registerLegacyAction(
  'order!receipt',
  async (ctx) => {
    const { user, orderNo } = await requireOrderNo(ctx);
    const row = await receiveOrder(ctx.app.deps.db, { userId: user.id, orderNo });
    return { orderInfo: await toOrderInfo(ctx.app.deps.db, row, ctx.request.lang) };
  },
  MONEY_CALL,
);

registerLegacyAction(
  'order!returns',
  async (ctx) => {
    const { user, orderNo } = await requireOrderNo(ctx);
    const mapped = mapLegacyParams(ctx.params, ALIASES.refund);
    const input = parseLegacy(
      ZRefundOrderRequest,
      withoutUndefined({ ...mapped, reason: toCode(mapped.reason), images: readImages(ctx) }),
    );
    const row = await requestRefund(ctx.app.deps.db, { userId: user.id, orderNo, ...input });
    return { orderInfo: await toOrderInfo(ctx.app.deps.db, row, ctx.request.lang) };
  },
  MONEY_CALL,
);

/** The order's history and logistics entries in one list, oldest first (SPEC §3 createTime ascending). */
registerLegacyAction(
  'orderLog!list',
  async (ctx) => {
    const { user, orderNo } = await requireOrderNo(ctx);
    const { db } = ctx.app.deps;
    const owner = { buyerUserId: user.id };
    const info = await getOrderInfo(db, orderNo, owner, ctx.request.lang);
    const logistics = await listLogistics(db, orderNo, owner);
    const entries = [
      ...info.history.map((h) => ({
        type: 'status' as const,
        event: h.event,
        content: h.message,
        createTime: h.createTime,
      })),
      ...logistics.map((l) => ({
        type: 'logistics' as const,
        id: l.id,
        content: l.content,
        createTime: l.createTime,
      })),
    ];
    // ISO 8601 UTC strings of one length sort as times; the sort is stable, so ties keep their order.
    entries.sort((a, b) => (a.createTime < b.createTime ? -1 : a.createTime > b.createTime ? 1 : 0));
    return { list: entries };
  },
  READ_ONLY,
);
