/** Forgot password and binding an e-mail or a mobile number, with verification codes. */
export { verificationRoutes } from './routes';
export { mobileTarget } from './service';
