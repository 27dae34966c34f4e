/** What other modules may use from health (imports go through this file). */
export { healthRoutes, isDraining, markDraining } from './routes';
