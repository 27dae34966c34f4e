/**
 * One-time verification codes (6 digits, 10 minutes, one use, SPEC §9 cooldown) and the account services'
 * settings. No dependency on auth, so auth's registration can use it: check a code with the root database
 * before the change, consume it inside the change's transaction.
 */
export {
  checkVerificationCode,
  consumeVerificationCode,
  issueVerificationCode,
  maskTarget,
  type TCodeChannel,
} from './codes';
export { assertPossibleMobile, canonicalMobile, type TMobile } from './phone';
export { readAccountSetting } from './settings';
