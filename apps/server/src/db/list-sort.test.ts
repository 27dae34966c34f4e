import { desc, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../http/app-error';
import { listOrderBy } from './list-sort';
import { orders } from './schema';

const dialect = new PgDialect();
const orderByText = (parts: SQL[]) => dialect.sqlToQuery(sql.join(parts, sql`, `)).sql;

const COLUMNS = { createdAt: orders.createdAt, total: orders.total } as const;
const DEFAULT = [desc(orders.createdAt), desc(orders.id)];

describe('listOrderBy', () => {
  it('orders by the chosen column and then the id, both the same way', () => {
    expect(orderByText(listOrderBy({ sort: 'total', order: 'desc' }, COLUMNS, orders.id, DEFAULT))).toBe(
      '"orders"."total" desc, "orders"."id" desc',
    );
    expect(orderByText(listOrderBy({ sort: 'total' }, COLUMNS, orders.id, DEFAULT))).toBe(
      '"orders"."total" asc, "orders"."id" asc',
    );
  });

  it('keeps the list’s own order without a key, whatever the direction', () => {
    for (const sort of [{}, { order: 'asc' as const }]) {
      expect(orderByText(listOrderBy(sort, COLUMNS, orders.id, DEFAULT))).toBe(
        '"orders"."created_at" desc, "orders"."id" desc',
      );
    }
  });

  it('refuses a key that is not one of the list’s own (a caller past the schema) with a 400, never SQL', () => {
    for (const key of ['__proto__', 'toString', 'id desc; drop table orders']) {
      let refusal: unknown;
      try {
        listOrderBy({ sort: key as 'total' }, COLUMNS, orders.id, DEFAULT);
      } catch (error) {
        refusal = error;
      }
      expect(isAppError(refusal) && refusal.code, key).toBe('VALIDATION_FAILED');
    }
  });
});
