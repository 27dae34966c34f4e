import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, wrapPglite } from '../db/client';

/**
 * A test file's PGlite database, kept for the worker's next file instead of closed (docs/decisions.md and
 * docs/operations.md, "Tests and CI: test times"). Starting PGlite from the template costs 0.6-0.85 s of CPU (its
 * file system, PostgreSQL's start and the three extensions), a hundred times in the server project; bringing a used
 * database back to the template's state costs about 0.1 s. What the next file gets is what a fresh start would give:
 *
 * - the template's rows in the tables that had some, every other table empty, every sequence where the template
 *   left it;
 * - a session as at start (`DISCARD ALL`: settings, prepared statements, temporary tables, advisory locks);
 * - and only when the schema, the planner's statistics, the roles and the stored settings are the template's
 *   (`SCHEMA_FINGERPRINT`). A file that created a table or a trigger, dropped a constraint or ran ANALYZE leaves
 *   a database that is closed, not kept, as is one still in a transaction or one whose reset failed.
 *
 * The handle a file gets refuses every call once closed, as a closed PGlite does: work the file left running
 * cannot reach the next file's data.
 */

/** What a database just started from the template holds, read once per worker (the template is the same). */
type TTemplateState = {
  fingerprint: string;
  /** The tables with rows: their rows as JSON and the columns to write back (no generated ones). */
  rows: readonly { table: string; columns: string; json: string }[];
  /** `select setval(...)` for every sequence, to its template value. */
  sequencesSql: string;
  /** `refresh materialized view` for each, so they hold what the reset tables hold (none in the schema yet). */
  refreshViewsSql: string;
  /** One statement naming the tables that have a row now. */
  nonEmptyTablesSql: string;
};

const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast')`;
const USER_SCHEMA = `n.nspname not in ${SYSTEM_SCHEMAS} and n.nspname not like 'pg\\_temp\\_%' and n.nspname not like 'pg\\_toast\\_temp\\_%'`;

/**
 * The parts of the catalogue a test could change and a row reset would not restore: relations and their columns,
 * constraints, indexes, defaults, triggers, functions, types and enum labels, schemas, roles, extensions, stored
 * settings (ALTER DATABASE/ROLE ... SET), the planner's statistics on the project's tables, and the settings that do
 * not come from PostgreSQL's defaults or its command line.
 */
const SCHEMA_FINGERPRINT = `
select md5(string_agg(entry, '|' order by entry)) as fingerprint from (
  select 'class:' || n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || c.relnatts || ':' || c.relpersistence::text
      || ':' || c.relrowsecurity as entry
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMA}
  union all
  select 'column:' || a.attrelid::regclass || '.' || a.attname || ':' || a.atttypid || ':' || a.attnotnull || ':'
      || a.atthasdef || ':' || a.attisdropped || ':' || a.attgenerated::text || ':' || a.attidentity::text
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where a.attnum > 0 and ${USER_SCHEMA}
  union all
  select 'constraint:' || k.conrelid::regclass || '.' || k.conname || ':' || pg_get_constraintdef(k.oid)
    from pg_constraint k join pg_namespace n on n.oid = k.connamespace where ${USER_SCHEMA}
  union all
  select 'index:' || pg_get_indexdef(i.indexrelid)
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMA}
  union all
  select 'default:' || d.adrelid::regclass || '.' || d.adnum || ':' || pg_get_expr(d.adbin, d.adrelid)
    from pg_attrdef d join pg_class c on c.oid = d.adrelid join pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMA}
  union all
  select 'trigger:' || t.tgrelid::regclass || '.' || t.tgname || ':' || t.tgenabled::text from pg_trigger t
  union all
  select 'function:' || p.oid::regprocedure || ':' || md5(p.prosrc)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMA}
  union all
  select 'type:' || n.nspname || '.' || t.typname
    from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${USER_SCHEMA}
  union all
  select 'label:' || e.enumtypid::regtype || '.' || e.enumlabel || ':' || e.enumsortorder from pg_enum e
  union all
  select 'sequence:' || s.seqrelid::regclass || ':' || s.seqstart || ':' || s.seqincrement || ':' || s.seqmin || ':'
      || s.seqmax || ':' || s.seqcycle
    from pg_sequence s
  union all
  select 'schema:' || n.nspname from pg_namespace n where ${USER_SCHEMA}
  union all
  select 'role:' || rolname || ':' || rolsuper || ':' || rolcanlogin from pg_roles
  union all
  select 'extension:' || extname || ':' || extversion from pg_extension
  union all
  select 'stored setting:' || setdatabase || ':' || setrole || ':' || array_to_string(setconfig, ',')
    from pg_db_role_setting
  union all
  select 'statistics:' || s.starelid::regclass || '.' || s.staattnum
    from pg_statistic s join pg_class c on c.oid = s.starelid join pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMA}
  union all
  select 'setting:' || name || '=' || setting from pg_settings where source not in ('default', 'command line')
) catalogue`;

async function readFingerprint(client: PGlite): Promise<string> {
  const result = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return result.rows[0]!.fingerprint;
}

/** The quoted names of the project's relations of these kinds (`pg_class.relkind`), in the catalogue's order. */
async function relationsOfKind(client: PGlite, kinds: readonly string[]): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = any($1::"char"[]) and ${USER_SCHEMA}
      order by c.oid`,
    [kinds],
  );
  return result.rows.map((row) => row.name);
}

async function readTemplateState(client: PGlite): Promise<TTemplateState> {
  const tables = await relationsOfKind(client, ['r', 'p']);
  const rows: { table: string; columns: string; json: string }[] = [];
  for (const table of tables) {
    const { json } = (
      await client.query<{ json: string | null }>(
        `select json_agg(template_row)::text as json from ${table} template_row`,
      )
    ).rows[0]!;
    if (json !== null) {
      const columns = (
        await client.query<{ name: string }>(
          `select format('%I', attname) as name from pg_attribute
            where attrelid = ${quoteLiteral(table)}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
            order by attnum`,
        )
      ).rows
        .map((row) => row.name)
        .join(', ');
      rows.push({ table, columns, json });
    }
  }
  const views = (await relationsOfKind(client, ['m'])).map((view) => `refresh materialized view ${view};`);
  const setvals = (
    await client.query<{ call: string }>(
      `select format('setval(%L, %s, %L)', format('%I.%I', schemaname, sequencename),
                     coalesce(last_value, start_value), last_value is not null) as call
         from pg_sequences`,
    )
  ).rows.map((row) => row.call);
  return {
    fingerprint: await readFingerprint(client),
    rows,
    sequencesSql: `select ${['1', ...setvals].join(', ')}`,
    refreshViewsSql: views.join('\n'),
    nonEmptyTablesSql: [
      'select null::text as name where false',
      ...tables.map((table) => `select ${quoteLiteral(table)} where exists (select from ${table})`),
    ].join(' union all '),
  };
}

/** A table's quoted name as an SQL string literal. */
function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Brings a used database back to the template's state; false when it cannot be (see the module's comment). */
async function resetToTemplate(client: PGlite, template: TTemplateState): Promise<boolean> {
  if (client.closed || client.isInTransaction()) {
    return false;
  }
  await client.exec('discard all');
  if ((await readFingerprint(client)) !== template.fingerprint) {
    return false;
  }
  const nonEmpty = (await client.query<{ name: string }>(template.nonEmptyTablesSql)).rows.map(
    (row) => row.name,
  );
  const emptied = [...new Set([...nonEmpty, ...template.rows.map((row) => row.table)])];
  await client.transaction(async (tx) => {
    // Without the tables' triggers (the ledger refuses a TRUNCATE) and foreign keys: the template's rows go back as
    // they were, whatever order their keys would ask for.
    await tx.exec('set local session_replication_role = replica');
    if (emptied.length > 0) {
      await tx.exec(`truncate ${emptied.join(', ')} cascade`);
    }
    for (const { table, columns, json } of template.rows) {
      await tx.query(
        `insert into ${table} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
        [json],
      );
    }
    await tx.exec(template.sequencesSql);
    if (template.refreshViewsSql) {
      await tx.exec(template.refreshViewsSql);
    }
  });
  return true;
}

/** A template's state and the databases of this worker that are back at it, ready for its next file. */
type TPool = { key: string; state: TTemplateState; idle: PGlite[] };
let pool: TPool | undefined;

/**
 * A database at the template's state: a kept one, or `start()`'s new one. `templateKey` names the template (its
 * file); the state read from a new database is what the kept ones are reset to. Another template drops the kept
 * ones of the last.
 */
export async function lendPglite(templateKey: string, start: () => Promise<PGlite>): Promise<DatabaseHandle> {
  if (pool && pool.key !== templateKey) {
    const dropped = pool.idle;
    pool = undefined;
    await Promise.all(dropped.filter((client) => !client.closed).map((client) => client.close()));
  }
  const kept = pool?.idle.pop();
  if (kept) {
    return lend(kept, pool!);
  }
  const client = await start();
  pool ??= { key: templateKey, state: await readTemplateState(client), idle: [] };
  return lend(client, pool);
}

function lend(client: PGlite, from: TPool): DatabaseHandle {
  let isReturned = false;
  const lent = new Proxy(client, {
    get(target, property) {
      if (isReturned) {
        if (property === 'closed') {
          return true;
        }
        throw new Error('PGlite is closed');
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const handle = wrapPglite(lent);
  handle.close = async () => {
    if (isReturned) {
      return;
    }
    isReturned = true;
    // A database lent before another template's first use goes back to no pool: it is closed.
    const isKept = from === pool && (await resetToTemplate(client, from.state).catch(() => false));
    if (isKept && from === pool) {
      from.idle.push(client);
    } else if (!client.closed) {
      await client.close();
    }
  };
  return handle;
}
