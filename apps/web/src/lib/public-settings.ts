import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * Public system parameters (SPEC §7 syspara: `GET /api/v1/system-params?codes=`), by code; a code the platform does
 * not publish is missing. Kept five minutes: staff change them rarely, and a page never waits for them twice.
 */
export function usePublicSettings(codes: readonly string[]) {
  return useQuery({
    queryKey: ['system-params', ...codes],
    queryFn: async () =>
      (
        await api.get<{ data: Record<string, string> }>('/system-params', {
          query: { codes: codes.join(',') },
        })
      ).data,
    staleTime: 5 * 60_000,
  });
}
