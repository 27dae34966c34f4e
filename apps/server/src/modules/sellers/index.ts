/** The sellers module (merchant onboarding, seller panel, moderation): its API for other domains. */
export { adminMerchantRoutes } from './admin-routes';
export { countWaitingMerchantApplications } from './applications';
// The demo seed keeps its applicant's licence where real applicants' documents go.
export { saveMerchantDocument } from './documents';
// Console: banner pictures are checked the same way as seller pictures.
export { resolveUploadedImages } from './images';
export { sellerRoutes } from './routes';
