/** What other modules may use from wallet (imports go through this file). */

export { getWallet } from './balance';
export { listWalletChannels, resolveRegion } from './channels';
export { approveRecharge, createRecharge, getRecharge, listRecharges } from './recharge';
export { walletRoutes } from './routes';
export { DEFAULT_WITHDRAW_PARAMS } from './settings';
export {
  bindWithdrawAddress,
  createWithdrawal,
  createWithdrawSession,
  findWithdrawAddress,
  getWithdrawal,
  listWithdrawals,
  quoteWithdrawFee,
  rejectWithdrawal,
} from './withdraw';
