import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { lendPglite } from './pglite-pool';

/**
 * A kept PGlite database must be, for the next test file, what a fresh start from the template would be. A small
 * schema of its own stands for the project's: a template row behind an identity, a foreign key to it, a trigger
 * that refuses TRUNCATE (as the ledger's do), a sequence of its own and a materialized view.
 */
const TEMPLATE_SQL = `
  create table parent (id int generated always as identity primary key, name text not null);
  create table child (id serial primary key, parent_id int not null references parent);
  create sequence numbers start 100;
  create function refuse_truncate() returns trigger language plpgsql as
    $$ begin raise exception 'parent rows stay'; end $$;
  create trigger parent_stays before truncate on parent for each statement execute function refuse_truncate();
  insert into parent (name) values ('from the template');
  create materialized view parent_names as select name from parent;
`;

let starts = 0;
const startedClients: PGlite[] = [];
let templateDump: Promise<Blob> | undefined;

async function dumpTemplate(): Promise<Blob> {
  const client = await PGlite.create();
  await client.exec(TEMPLATE_SQL);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

/** A start from the template's dump with a small buffer pool, as the project's test databases start (test-db.ts). */
async function startFromTemplate(): Promise<PGlite> {
  starts += 1;
  templateDump ??= dumpTemplate();
  const client = await PGlite.create({
    loadDataDir: await templateDump,
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  startedClients.push(client);
  return client;
}

/** Each call a template of its own, so the worker's kept databases of other files never answer here. */
function templateKey(name: string) {
  return `pglite-pool.test ${name} ${Math.random()}`;
}

async function rows(handle: DatabaseHandle, query: string) {
  return (await handle.pglite!.query(query)).rows;
}

afterAll(async () => {
  await Promise.all(startedClients.filter((client) => !client.closed).map((client) => client.close()));
});

describe('a kept PGlite test database', () => {
  it('comes back at the template: its rows, sequences and session as a fresh start would have them', async () => {
    const key = templateKey('reset');
    // A start from a dump recovers as after a crash, which moves a used sequence on (by 32): the next id is what a
    // fresh start gives, not the template's last one plus one.
    const fresh = await startFromTemplate();
    const freshNextId = (await fresh.query("insert into parent (name) values ('next') returning id")).rows;
    await fresh.close();
    const first = await lendPglite(key, startFromTemplate);
    const startsBefore = starts;
    await first.exec(`
      insert into parent (name) values ('written by a test');
      update parent set name = 'changed by a test' where id = 1;
      insert into child (parent_id) values (1), (1);
      refresh materialized view parent_names;
      select nextval('numbers'), nextval('numbers');
      set statement_timeout = '1234ms';
      create temporary table scratch (note text);
    `);
    await first.close();

    const second = await lendPglite(key, startFromTemplate);
    try {
      expect(starts).toBe(startsBefore);
      expect(await rows(second, 'select id, name from parent order by id')).toEqual([
        { id: 1, name: 'from the template' },
      ]);
      expect(await rows(second, 'select count(*)::int as count from child')).toEqual([{ count: 0 }]);
      expect(await rows(second, 'select name from parent_names')).toEqual([{ name: 'from the template' }]);
      expect(await rows(second, "insert into parent (name) values ('next') returning id")).toEqual(
        freshNextId,
      );
      expect(await rows(second, "select nextval('numbers')::int as next")).toEqual([{ next: 100 }]);
      expect(await rows(second, 'show statement_timeout')).toEqual([{ statement_timeout: '0' }]);
      expect(await rows(second, "select to_regclass('pg_temp.scratch') as found")).toEqual([{ found: null }]);
      // The trigger is still there for the test: only the reset goes past it.
      await expect(second.exec('truncate parent cascade')).rejects.toThrow('parent rows stay');
    } finally {
      await second.close();
    }
  });

  it('is started afresh after a change of schema, statistics or settings, not kept', async () => {
    const key = templateKey('schema');
    for (const change of [
      'create table probe (note text)',
      'alter table child drop constraint child_parent_id_fkey',
      'drop trigger parent_stays on parent',
      'analyze parent',
      "alter database postgres set work_mem = '8MB'",
    ]) {
      const used = await lendPglite(key, startFromTemplate);
      await used.exec(change);
      await used.close();
      const startsBefore = starts;
      const next = await lendPglite(key, startFromTemplate);
      try {
        expect(starts, change).toBe(startsBefore + 1);
        expect(await rows(next, "select to_regclass('probe') as found")).toEqual([{ found: null }]);
        expect(
          await rows(next, "select count(*)::int as count from pg_trigger where tgname = 'parent_stays'"),
        ).toEqual([{ count: 1 }]);
      } finally {
        await next.close();
      }
    }
  });

  it('is started afresh when its file left a transaction open', async () => {
    const key = templateKey('transaction');
    const used = await lendPglite(key, startFromTemplate);
    await used.exec("begin; insert into parent (name) values ('never committed')");
    await used.close();
    const startsBefore = starts;
    const next = await lendPglite(key, startFromTemplate);
    try {
      expect(starts).toBe(startsBefore + 1);
      expect(await rows(next, 'select count(*)::int as count from parent')).toEqual([{ count: 1 }]);
    } finally {
      await next.close();
    }
  });

  it("closes a database of one template closed after another template's first use, and keeps it from the other", async () => {
    const first = await lendPglite(templateKey('first'), startFromTemplate);
    const firstClient = startedClients.at(-1)!;
    const otherKey = templateKey('other');
    const other = await lendPglite(otherKey, startFromTemplate);
    await first.exec("insert into parent (name) values ('of the first template')");
    await first.close();
    expect(firstClient.closed).toBe(true);
    await other.close();
    const startsBefore = starts;
    const next = await lendPglite(otherKey, startFromTemplate);
    try {
      expect(starts).toBe(startsBefore);
      expect(await rows(next, 'select name from parent')).toEqual([{ name: 'from the template' }]);
    } finally {
      await next.close();
    }
  });

  it('refuses every call through a closed handle, so a file cannot reach the next one', async () => {
    const key = templateKey('closed');
    const used = await lendPglite(key, startFromTemplate);
    const client = used.pglite!;
    await used.close();
    expect(client.closed).toBe(true);
    expect(() => client.query('select 1')).toThrow('PGlite is closed');
    await expect(used.exec("insert into parent (name) values ('late')")).rejects.toThrow('PGlite is closed');
    const next = await lendPglite(key, startFromTemplate);
    try {
      expect(await rows(next, 'select name from parent')).toEqual([{ name: 'from the template' }]);
    } finally {
      await next.close();
    }
  });
});
