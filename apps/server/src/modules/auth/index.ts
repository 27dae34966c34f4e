/** What other modules may use from auth (imports go through this file). */
export { newInvitationCode, newUsercode } from './codes';
export { hashNewPassword, isCommonPassword } from './common-passwords';
export {
  clearBuyerSessionMarker,
  clearSessionCookie,
  setBuyerSessionMarker,
  setSessionCookie,
} from './cookies';
export { assertNotLocked, clearLockout, countFailure, resetStreak } from './lockout-store';
export {
  checkUserPassword,
  findUserByAccount,
  liftUserLoginLimits,
  loginUser,
  type TLoginGuard,
  userLoginLockOf,
} from './login';
export { admitLoginAttempt, liftLoginLimits, recordLoginFailure, recordLoginSuccess } from './login-guard';
export { hashPassword, standInHash, verifyPassword } from './passwords';
export { registerUser } from './register';
export {
  assertUsernameNotHeld,
  holdGivenUpUsername,
  releaseLapsedLogInName,
  type TLogInName,
} from './released-identity';
export { authRoutes, sessionMeta } from './routes';
export { extendSession, logoutSession } from './service';
export {
  forgetCachedSessions,
  SESSION_CACHE_TOPIC,
  SESSION_CACHE_TTL_MS,
  sessionCacheOf,
  type TSessionsChanged,
} from './session-cache';
export {
  createSession,
  deleteExpiredSessions,
  deleteStaffSessions,
  deleteUserSessions,
  findSession,
  findSessionUser,
  hashToken,
  sessionLifetime,
  touchSession,
} from './sessions';
export { getActiveUser, getUserInfo, type TUserRow, toUserInfo } from './user-info';
