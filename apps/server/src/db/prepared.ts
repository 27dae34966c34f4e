import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Executor, hotPathPools } from './client';

const dialect = new PgDialect();
/** Statement text -> its name: hashing the text of a hot statement on every call costs as much as its lookup. */
const names = new Map<string, string>();
const MAX_NAMES = 1_000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `caravan_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size < MAX_NAMES) {
      names.set(text, name);
    }
  }
  return name;
}

/**
 * Runs a statement of the hot paths (checkout) as a named prepared statement on the database's hot-path
 * pool (see openPostgres), so each shape is parsed and planned once per connection instead of on every
 * call (named by its text's hash: the same text always gets the same name). Use it only for statements
 * whose every lookup is by key, as their generic plan is used for any parameters. Inside a transaction,
 * or on PGlite, it runs through Drizzle as usual.
 */
export async function executePrepared<T>(db: Executor, statement: SQL): Promise<T[]> {
  const client: unknown = (db as { $client?: unknown }).$client;
  const hotPathPool = client instanceof pg.Pool ? hotPathPools.get(client) : undefined;
  if (hotPathPool) {
    const query = dialect.sqlToQuery(statement);
    const result = await hotPathPool.query({
      name: nameOf(query.sql),
      text: query.sql,
      values: query.params as unknown[],
    });
    return result.rows as T[];
  }
  return (await db.execute(statement)).rows as T[];
}

/**
 * Runs a statement as a named prepared statement on the main pool, whose sessions keep PostgreSQL's default
 * plan_cache_mode: the first calls are planned for their parameters, later ones reuse the generic plan when it
 * costs no more. For read statements of a bounded number of shapes whose planning costs more than their work
 * (the seller's product list: a handful of index walks over a table with two dozen indexes). Inside a
 * transaction, or on PGlite, it runs through Drizzle as usual.
 */
export async function executeNamed<T>(db: Executor, statement: SQL): Promise<T[]> {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const query = dialect.sqlToQuery(statement);
    const result = await client.query({
      name: nameOf(query.sql),
      text: query.sql,
      values: query.params as unknown[],
    });
    return result.rows as T[];
  }
  return (await db.execute(statement)).rows as T[];
}
