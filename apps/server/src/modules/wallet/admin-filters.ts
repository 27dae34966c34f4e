import type { TAdminWalletSort, TListSort } from '@caravan/contracts';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { listOrderBy } from '../../db/list-sort';

/** The finance queues' filters (status, user, channel, creation date range [from, to)). */
export type TAdminRecordFilter = {
  status?: string | undefined;
  userId?: string | undefined;
  channelCode?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
};

/** One WHERE for the recharge and withdrawal queues; undefined when nothing is filtered. */
export function whereAdminRecords(
  columns: { status: PgColumn; userId: PgColumn; channel: PgColumn; createdAt: PgColumn },
  query: TAdminRecordFilter,
): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status) {
    filters.push(eq(columns.status, query.status));
  }
  if (query.userId) {
    filters.push(eq(columns.userId, BigInt(query.userId)));
  }
  if (query.channelCode) {
    filters.push(eq(columns.channel, query.channelCode));
  }
  if (query.createdFrom) {
    filters.push(gte(columns.createdAt, new Date(query.createdFrom)));
  }
  if (query.createdTo) {
    filters.push(lt(columns.createdAt, new Date(query.createdTo)));
  }
  return filters.length ? and(...filters) : undefined;
}

/** The recharge and withdrawal queues' order: the column sort asked for, else newest first (by id) as always. */
export function orderAdminRecords(
  columns: { id: PgColumn; createdAt: PgColumn; actualAmount: PgColumn },
  sort: TListSort<TAdminWalletSort>,
): SQL[] {
  return listOrderBy(sort, { createdAt: columns.createdAt, actualAmount: columns.actualAmount }, columns.id, [
    desc(columns.id),
  ]);
}
