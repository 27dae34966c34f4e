/** What other modules may use from subscriptions (imports go through this file). */
export { subscriptionRoutes } from './routes';
export {
  confirmSubscription,
  getPublicSystemParams,
  pruneUnconfirmedSubscriptions,
  subscribeEmail,
  type TSubscriptionContext,
  unsubscribe,
} from './service';
