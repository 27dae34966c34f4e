/** What other modules may use from cart (imports go through this file). */
export { cartRoutes } from './routes';
