/** What other modules may use from auth (imports go through this file). */
export { hashNewPassword, isCommonPassword } from './common-passwords';
export { findUserByAccount } from './login';
export { hashPassword, verifyPassword } from './passwords';
export {
  createSession,
  deleteUserSessions,
  findSession,
  hashToken,
  sessionLifetime,
  touchSession,
} from './sessions';
export { getUserInfo, type TUserRow, toUserInfo } from './user-info';
