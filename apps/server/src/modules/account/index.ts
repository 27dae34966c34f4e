/** The account's service API for other domains: import from here. */
export { verifyTxPassword } from './tx-password';
