/** The ledger's service API for other domains: import from here. */

// Console: a user's page shows the balance history.
export { listBalanceHistory } from './history';
export {
  getBalances,
  getPlatformBalance,
  postLedgerTransaction,
  type TPosting,
  withMoneyTransaction,
} from './service';
