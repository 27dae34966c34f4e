// The page lists live with the contracts: the server routes the same pages (http/web.ts).
export { HELP_TOPICS, POLICY_PAGES } from '@caravan/contracts/constants';
