/** Platform catalogue curation (categories, banners, the current activity) for the staff console. */
export { curationRoutes } from './routes';
