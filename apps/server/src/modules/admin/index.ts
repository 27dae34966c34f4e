/** The admin module's API for other domains: import from here. */
export { recordAudit } from './audit';
export { adminRoutes } from './routes';
