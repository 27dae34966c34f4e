/**
 * Customer-service chat and buyer-shop conversations: HTTP calls (routes.ts, cs-routes.ts), the socket
 * (socket.ts) and the legacy newOnlinechat calls (legacy-actions.ts).
 */
export { csRoutes } from './cs-routes';
export { chatRoutes } from './routes';
export { chatSocketPlugin } from './socket';
export { countWaitingChats } from './unread';
