/** The console's staff, roles, users and settings: the route plugin is all other code needs. */
export { adminRoutes } from './routes';
