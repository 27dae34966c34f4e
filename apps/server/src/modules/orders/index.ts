// What other modules may use of orders. Import from here, never from this folder's files.
// Routes for the app; services for cart, the legacy layer, timed jobs, the demo seed and benches.
export { adminOrderRoutes } from './admin-routes';
export { cancelOrder, receiveOrder, reviewOrder } from './buyer-actions';
export {
  findGoodsLabel,
  findPurchasable,
  isUnavailable,
  type TGoodsLabel,
  type TPurchasable,
  type TUnavailable,
} from './catalog-port';
export { checkLine, placeOrders } from './checkout';
export { findBuyerOrderGoods, findOrder } from './find-order';
export { payOrders, payOrdersWithBalance, submitOrders } from './pay-orders';
export {
  getOrderInfo,
  listBuyerOrders,
  listLogistics,
  summarizePlacedOrders,
  toOrderInfo,
  toOrderSummaries,
} from './queries';
export { requestRefund } from './refunds';
export { orderRoutes } from './routes';
export { addLogisticsEntry, confirmOrder, shipOrder } from './seller-actions';
export { sellerOrderRoutes } from './seller-routes';
export { getOrderSettings, type TOrderSettings } from './settings';
export {
  cancelUnpaidOrders,
  receiveShippedOrders,
  reviewReceivedOrders,
  settleCompletedOrders,
} from './timed-work';
