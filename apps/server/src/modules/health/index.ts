/** What other modules may use from health (imports go through this file). */
export { healthRoutes, markDraining } from './routes';
