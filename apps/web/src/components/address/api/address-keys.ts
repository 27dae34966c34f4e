export const ADDRESSES_KEY = ['addresses'] as const;
export const COUNTRIES_KEY = ['addresses', 'countries'] as const;
export const STATES_KEY = (country: string) => ['addresses', 'states', country] as const;
export const CITIES_KEY = (country: string, state: string) =>
  ['addresses', 'cities', country, state] as const;
