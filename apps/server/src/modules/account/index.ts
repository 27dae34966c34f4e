/** The account's service API for other domains: import from here. */

export { ACCOUNT_CANCELLATION_BLOCKERS, type TCancellationBlocker } from './cancellation';
export { accountRoutes } from './routes';
export { cancelAccount, changePassword, changeTxPassword, setAvatar, setTxPassword } from './service';
export { verifyTxPassword } from './tx-password';
