import { createRequire } from 'node:module';
import { type TCountry, type TRegion, V } from '@caravan/contracts';

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

/** The field of an address whose region is wrong, and the validation key that says how (missing or not a choice). */
export type TRegionFault = { field: 'country' | 'state' | 'city'; message: string };

/**
 * The address's country, state and city checked against the region lists, with their stored names; or which of
 * them is wrong, so the form can mark that field instead of saying only that the address is not correct. A state is
 * required where the country has states, a city where the state has cities (then one of them) or none are listed.
 */
export function resolveRegion(input: {
  country: string;
  state: string;
  city: string;
}): TResolvedRegion | TRegionFault {
  const { City, Country, State } = regionLists();
  const country = Country.getCountryByCode(input.country.toUpperCase());
  if (!country) {
    return { field: 'country', message: input.country ? V.invalidChoice : V.required };
  }
  const states = State.getStatesOfCountry(country.isoCode);
  if (states.length === 0) {
    return input.state
      ? { field: 'state', message: V.invalidChoice }
      : { country: country.isoCode, countryName: country.name, state: '', stateName: '', city: input.city };
  }
  const state = states.find((s) => s.isoCode === input.state);
  if (!state) {
    return { field: 'state', message: input.state ? V.invalidChoice : V.required };
  }
  if (!input.city) {
    return { field: 'city', message: V.required };
  }
  const cities = City.getCitiesOfState(country.isoCode, state.isoCode);
  if (cities.length > 0 && !cities.some((c) => c.name === input.city)) {
    return { field: 'city', message: V.invalidChoice };
  }
  return {
    country: country.isoCode,
    countryName: country.name,
    state: state.isoCode,
    stateName: state.name,
    city: input.city,
  };
}
