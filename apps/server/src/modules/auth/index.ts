/** What other modules may use from auth (imports go through this file). */
export { hashNewPassword, isCommonPassword } from './common-passwords';
export { clearLockout } from './lockout-store';
export { checkUserPassword, findUserByAccount, type TLoginGuard } from './login';
export { admitLoginAttempt, recordLoginFailure, recordLoginSuccess } from './login-guard';
export { hashPassword, standInHash, verifyPassword } from './passwords';
export { releaseLapsedLogInName, type TLogInName } from './released-identity';
export {
  createSession,
  deleteUserSessions,
  findSession,
  hashToken,
  sessionLifetime,
  touchSession,
} from './sessions';
export { getUserInfo, type TUserRow, toUserInfo } from './user-info';
