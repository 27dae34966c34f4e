import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { isApiError } from './api';
import { toastError } from './toast';

const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 409, 413, 415, 422, 423]);

function genericErrorText(): string {
  return i18next.t('common:errors.generic');
}

/**
 * A query or mutation may set `meta: { isToastSkipped: true }` when it shows its error itself (forms); a query that
 * shows some of its errors itself names them with `isToastSkippedFor` (checkout's refused coupon: the page takes the
 * coupon off and says why, and the same reason came a second time in this toast, QA).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.isToastSkipped && !query.meta?.isToastSkippedFor?.(error)) {
          toastError(error, genericErrorText());
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.isToastSkipped) {
          toastError(error, genericErrorText());
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && NO_RETRY_STATUSES.has(error.status)),
      },
      mutations: { retry: false },
    },
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { isToastSkipped?: boolean; isToastSkippedFor?: (error: unknown) => boolean };
    mutationMeta: { isToastSkipped?: boolean };
  }
}
