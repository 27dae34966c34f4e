import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

/**
 * International calling codes (ITU-T E.164) of every region, from the maintained libphonenumber data rather
 * than a hand-written list; country names come from Intl.DisplayNames in the user's language.
 */
export const AREA_CODES: readonly { region: string; code: string }[] = getCountries().map((region) => ({
  region,
  code: `+${getCountryCallingCode(region)}`,
}));
