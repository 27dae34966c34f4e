// The console's pages import it from here; the component itself lives with the buyer-side UI so that buyer
// chunks do not pull in console code.
export { LoadError } from '../ui/load-error';
