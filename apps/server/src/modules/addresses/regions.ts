import { createRequire } from 'node:module';
import type { TCountry, TRegion } from '@caravan/contracts';

/** Countries, states and cities from the maintained `country-state-city` lists (names in English). */
type TRegionLists = typeof import('country-state-city');

let lists: TRegionLists | undefined;

/**
 * The lists load on first use, not when the server starts: importing the package parses its 8 MB list of
 * cities (0.5-0.7 s of CPU, about a tenth of importing the whole app), which every server start, command
 * line and server test file would otherwise pay whether or not it looks up an address.
 */
function regionLists(): TRegionLists {
  lists ??= createRequire(import.meta.url)('country-state-city') as TRegionLists;
  return lists;
}

let countriesCache: TCountry[] | undefined;

export function listCountries(): TCountry[] {
  const { Country } = regionLists();
  countriesCache ??= Country.getAllCountries().map((c) => ({
    code: c.isoCode,
    name: c.name,
    phoneCode: c.phonecode,
    flag: c.flag,
  }));
  return countriesCache;
}

export function listStates(country: string): TRegion[] {
  const { State } = regionLists();
  return State.getStatesOfCountry(country.toUpperCase()).map((s) => ({ code: s.isoCode, name: s.name }));
}

export function listCities(country: string, state: string): TRegion[] {
  const { City } = regionLists();
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
  const { City, Country, State } = regionLists();
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
