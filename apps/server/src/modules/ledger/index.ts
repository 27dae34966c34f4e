/** The ledger's service API for other domains: import from here. */
export {
  getBalances,
  getPlatformBalance,
  postLedgerTransaction,
  type TPosting,
  withMoneyTransaction,
} from './service';
