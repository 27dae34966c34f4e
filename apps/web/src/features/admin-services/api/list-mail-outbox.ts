import type { TMailOutboxResponse, TMailStatusName } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type TOutboxFilter = { pageNum: number; pageSize: number; status?: TMailStatusName; to?: string };

export function listMailOutbox(filter: TOutboxFilter): Promise<TMailOutboxResponse> {
  return api.get<TMailOutboxResponse>('/admin/mail-outbox', {
    audience: 'staff',
    query: {
      pageNum: filter.pageNum,
      pageSize: filter.pageSize,
      status: filter.status,
      to: filter.to || undefined,
    },
  });
}

export function useMailOutbox(filter: TOutboxFilter) {
  return useQuery({
    queryKey: ['admin', 'mail-outbox', filter],
    queryFn: () => listMailOutbox(filter),
    placeholderData: keepPreviousData,
  });
}
