/** The ledger's service API for other domains: import from here. */

// Proof of the invariants (npm run ledger:check, npm run restore, tests, benches).
export { checkConfiguredLedger, checkLedger, formatLedgerReport } from './check';
// Console: a user's page shows the balance history.
export { listBalanceHistory } from './history';
export { ledgerRoutes } from './routes';
export {
  getBalances,
  getPlatformBalance,
  holdFunds,
  postLedgerTransaction,
  postLedgerTransactionNow,
  releaseHold,
  type TPosting,
  type TPostLedgerInput,
  withMoneyTransaction,
} from './service';
