/**
 * The area code a mobile field starts with. Apart from the list of codes (area-codes.ts), whose libphonenumber data
 * the log-in page loads only once its mobile tab is chosen.
 */
export const DEFAULT_AREA_CODE = '+1';
