/** Staff sign-in with an authenticator app (TOTP) and recovery codes. */
export { staffTotpRoutes } from './routes';
export { isTotpEnrolmentMissing, verifyStaffSecondFactor } from './service';
