import { getCountries } from 'libphonenumber-js/min';

/**
 * ISO 3166 codes for the nationality list, from the maintained libphonenumber data rather than a hand-written
 * list; names come from Intl.DisplayNames in the reader's language (lib/country-name.ts).
 */
export const COUNTRY_CODES: readonly string[] = getCountries();
