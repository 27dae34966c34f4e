/** The sellers module (merchant onboarding, seller panel, moderation): its API for other domains. */
export { adminMerchantRoutes } from './admin-routes';
export { countWaitingMerchantApplications } from './applications';
// Console: banner pictures are checked the same way as seller pictures.
export { resolveUploadedImages } from './images';
export { sellerRoutes } from './routes';
