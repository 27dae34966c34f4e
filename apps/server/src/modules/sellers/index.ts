/** The sellers module (merchant onboarding, seller panel, moderation): its API for other domains. */
export { adminMerchantRoutes } from './admin-routes';
export { countWaitingMerchantApplications } from './applications';
export { sellerRoutes } from './routes';
