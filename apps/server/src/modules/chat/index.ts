/**
 * Customer-service chat and buyer-shop conversations: HTTP calls (routes.ts, cs-routes.ts), the socket
 * (socket.ts). The legacy newOnlinechat calls are in legacy/chat-actions.ts.
 */

export { openServiceConversation } from './conversations';
export { csRoutes } from './cs-routes';
export { readChatHistory, sendChatMessage } from './messages';
export { chatRoutes } from './routes';
export { chatSocketPlugin } from './socket';
export { countBuyerUnread, countWaitingChats } from './unread';
