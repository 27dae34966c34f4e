/** What other modules may use from addresses (imports go through this file). */

export { listCities, listCountries, listStates } from './regions';
export { addressRoutes } from './routes';
export {
  createAddress,
  deleteAddress,
  findAddress,
  findDefaultAddress,
  listAddresses,
  updateAddress,
} from './service';
