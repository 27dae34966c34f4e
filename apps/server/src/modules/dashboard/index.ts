/** The staff console's dashboard. */
export { dashboardRoutes } from './routes';
