import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Tally rows folded per transaction: keeps each fold's locks short while checkouts go on. */
const FOLD_BATCH = 5_000;

type TTallyRow = { product_id: string; variant_id: string | null; store_id: string; quantity: number };

function sumBy(rows: TTallyRow[], key: (row: TTallyRow) => string | null): { ids: string[]; ns: string[] } {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const id = key(row);
    if (id !== null) {
      sums.set(id, (sums.get(id) ?? 0) + row.quantity);
    }
  }
  // Ascending ids: the lock order of checkout (variants, then products, each by id).
  const ids = [...sums.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
  return { ids, ns: ids.map((id) => String(sums.get(id))) };
}

/**
 * Adds the sold quantities in sales_tally to the sold counts of variants, products and stores (never below
 * zero) and deletes what it added, in batches, each in one transaction. Returns how many tally rows it
 * folded. Safe to run concurrently (SKIP LOCKED) and again.
 */
export async function foldSalesTally(db: Database): Promise<number> {
  let folded = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const taken = await tx.execute<TTallyRow>(sql`delete from sales_tally where ctid = any(array(
          select ctid from sales_tally limit ${FOLD_BATCH} for update skip locked))
        returning product_id::text, variant_id::text, store_id::text, quantity`);
      const rows = taken.rows;
      if (rows.length === 0) {
        return 0;
      }
      const variants = sumBy(rows, (r) => r.variant_id);
      const products = sumBy(rows, (r) => (r.variant_id === null ? r.product_id : null));
      const stores = sumBy(rows, (r) => (r.variant_id === null ? r.store_id : null));
      for (const [table, sums] of [
        ['product_variants', variants],
        ['products', products],
        ['stores', stores],
      ] as const) {
        if (sums.ids.length === 0) {
          continue;
        }
        // FOR NO KEY UPDATE, the lock the UPDATE itself takes: sold_count is no key, and a FOR UPDATE
        // lock would also wait on the KEY SHARE locks that order lines, tally rows and orders take on
        // their products, variants and stores through foreign keys. A checkout holding such a lock on one
        // row while waiting for the stock of another then deadlocked with this fold (issue 10, defect 11).
        await tx.execute(sql`with locked as (
            select t.id from ${sql.raw(table)} t where t.id = any(${`{${sums.ids.join(',')}}`}::bigint[])
            order by t.id for no key update)
          update ${sql.raw(table)} t set sold_count = greatest(t.sold_count + x.n, 0)
          from unnest(${`{${sums.ids.join(',')}}`}::bigint[], ${`{${sums.ns.join(',')}}`}::int[]) as x(id, n)
          where t.id = x.id and t.id in (select id from locked)`);
      }
      return rows.length;
    });
    folded += count;
    if (count < FOLD_BATCH) {
      return folded;
    }
  }
}
