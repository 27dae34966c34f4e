/** What other modules may use from subscriptions (imports go through this file). */
export { subscriptionRoutes } from './routes';
export { getPublicSystemParams, subscribeEmail } from './service';
