/** The loans' service API for other domains (dashboard counts, jobs): import from here. */
export { runLoanAccrual } from './accrual';
export { countWaitingLoans, getCurrentLoanOf } from './apply';
export { loanClockOf } from './clock';
export { lapseLoanOffers } from './offers';
export { remindDueLoans } from './reminders';
export { loanRoutes } from './routes';
export { countWaitingVerifications } from './verification';
