/** What other modules may use from auth (imports go through this file). */
export { findUserByAccount } from './login';
export { hashPassword, verifyPassword } from './passwords';
export { createSession, deleteUserSessions, findSession, hashToken, touchSession } from './sessions';
export { getUserInfo, type TUserRow, toUserInfo } from './user-info';
