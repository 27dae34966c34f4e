import type { TCountry, TRegion } from '@caravan/contracts';
import { City, Country, State } from 'country-state-city';

/** Countries, states and cities from the maintained `country-state-city` lists (names in English). */
let countriesCache: TCountry[] | undefined;

export function listCountries(): TCountry[] {
  countriesCache ??= Country.getAllCountries().map((c) => ({
    code: c.isoCode,
    name: c.name,
    phoneCode: c.phonecode,
    flag: c.flag,
  }));
  return countriesCache;
}

export function listStates(country: string): TRegion[] {
  return State.getStatesOfCountry(country.toUpperCase()).map((s) => ({ code: s.isoCode, name: s.name }));
}

export function listCities(country: string, state: string): TRegion[] {
  return City.getCitiesOfState(country.toUpperCase(), state).map((c) => ({ code: c.name, name: c.name }));
}

export type TResolvedRegion = {
  country: string;
  countryName: string;
  state: string;
  stateName: string;
  city: string;
};

/**
 * Checks that country, state and city belong together. A state is required where the country has
 * states, a city where the state has cities; otherwise the field must be empty (state) or is free text
 * (city). Returns null when they do not match.
 */
export function resolveRegion(input: {
  country: string;
  state: string;
  city: string;
}): TResolvedRegion | null {
  const country = Country.getCountryByCode(input.country.toUpperCase());
  if (!country) {
    return null;
  }
  const states = State.getStatesOfCountry(country.isoCode);
  if (states.length === 0) {
    return input.state
      ? null
      : { country: country.isoCode, countryName: country.name, state: '', stateName: '', city: input.city };
  }
  const state = states.find((s) => s.isoCode === input.state);
  if (!state) {
    return null;
  }
  const cities = City.getCitiesOfState(country.isoCode, state.isoCode);
  if (cities.length > 0 && !cities.some((c) => c.name === input.city)) {
    return null;
  }
  if (cities.length === 0 && !input.city) {
    return null;
  }
  return {
    country: country.isoCode,
    countryName: country.name,
    state: state.isoCode,
    stateName: state.name,
    city: input.city,
  };
}
