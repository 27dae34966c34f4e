/** Signed-in devices of a buyer account (sessions list, sign out one or all others). */
export { deviceRoutes } from './routes';
export { describeUserAgent } from './service';
