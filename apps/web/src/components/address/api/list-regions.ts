import type { TCountry, TRegion } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { CITIES_KEY, COUNTRIES_KEY, STATES_KEY } from './address-keys';

const DAY_MS = 24 * 60 * 60 * 1000;

export function useCountries() {
  return useQuery({
    queryKey: COUNTRIES_KEY,
    queryFn: () => api.get<{ list: TCountry[] }>('/addresses/countries').then((r) => r.list),
    staleTime: DAY_MS,
  });
}

export function useStates(country: string | undefined) {
  return useQuery({
    queryKey: STATES_KEY(country ?? ''),
    queryFn: () =>
      api.get<{ list: TRegion[] }>('/addresses/states', { query: { country } }).then((r) => r.list),
    enabled: Boolean(country),
    staleTime: DAY_MS,
  });
}

export function useCities(country: string | undefined, state: string | undefined) {
  return useQuery({
    queryKey: CITIES_KEY(country ?? '', state ?? ''),
    queryFn: () =>
      api.get<{ list: TRegion[] }>('/addresses/cities', { query: { country, state } }).then((r) => r.list),
    enabled: Boolean(country && state),
    staleTime: DAY_MS,
  });
}
