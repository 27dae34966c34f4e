// What other modules may use of orders. Import from here, never from this folder's files.
export { findPurchasable, isUnavailable, type TPurchasable, type TUnavailable } from './catalog-port';
export { checkLine } from './checkout';
export { getOrderSettings, type TOrderSettings } from './settings';
