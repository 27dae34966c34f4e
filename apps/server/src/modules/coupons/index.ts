/**
 * Coupons: platform-made campaigns, coupons kept in the buyer's account, one per order at checkout. The
 * orders module prices a coupon (`priceCoupon`) while building the checkout, takes it (`useCoupon`) in the
 * checkout's transaction and gives it back (`returnOrderCoupon`) when the order is cancelled or refunded.
 */
export { couponRoutes } from './routes';
export {
  issueWelcomeCoupon,
  priceCoupon,
  returnOrderCoupon,
  type TAppliedCoupon,
  useCoupon,
} from './service';
