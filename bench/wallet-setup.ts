import { randomBytes } from 'node:crypto';
import { parseMoney } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type DatabaseHandle, openPostgres } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import {
  postLedgerTransaction,
  type TPosting,
  withMoneyTransaction,
} from '../apps/server/src/modules/ledger';

/** Creates a fresh database on the server named by `serverUrl`; `drop()` removes it. */
export async function createBenchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Migrates and creates `count` users, each credited `balance` USDT by one deposit transaction. */
export async function prepareWalletDatabase(
  url: string,
  count: number,
  balance: string,
): Promise<{ handle: DatabaseHandle; userIds: bigint[] }> {
  const handle = openPostgres(url, 4);
  await migrateDatabase(handle);
  const db: Database = handle.db;
  const inserted = await db.execute<{ id: string }>(sql`
    insert into users (usercode, username, password_hash, invitation_code)
    select 'B' || lpad(i::text, 9, '0'), 'benchuser' || i, 'bench', 'I' || lpad(i::text, 9, '0')
    from generate_series(1, ${count}) as i
    returning id::text as id`);
  const userIds = inserted.rows.map((r) => BigInt(r.id));
  const each = parseMoney(balance);
  const chunk = 500;
  for (let start = 0; start < userIds.length; start += chunk) {
    const ids = userIds.slice(start, start + chunk);
    const postings: TPosting[] = [
      { account: { kind: 'chain_clearing' }, amount: -each * BigInt(ids.length) },
      ...ids.map((userId) => ({ account: { kind: 'user_available' as const, userId }, amount: each })),
    ];
    await withMoneyTransaction(db, (tx) =>
      postLedgerTransaction(tx, { idempotencyKey: `bench:fund:${start}`, kind: 'deposit', postings }),
    );
  }
  return { handle, userIds };
}
