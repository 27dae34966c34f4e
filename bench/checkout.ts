/**
 * Checkout benchmark: many buyers place an order (buy now, one product) and pay it from their wallet,
 * through the order services directly (no HTTP; the argon2 transaction-password check that precedes
 * payment is left out: it measures the hash, not the checkout), at N connections on
 * PostgreSQL. `npm run bench` prints it beside pgbench's TPC-B-like throughput; `tsx bench/checkout-run.ts`
 * runs just this one.
 */
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { checkLedger } from '../apps/server/src/modules/ledger';
import { payOrdersWithBalance, placeOrders } from '../apps/server/src/modules/orders';
import { createBenchDatabase, prepareWalletDatabase } from './wallet-setup';

export type TCheckoutBenchOptions = {
  databaseUrl: string;
  connections: number;
  durationSec: number;
  buyers?: number;
  stores?: number;
  productsPerStore?: number;
  /**
   * 'one-step' (default): POST /orders with `pay`, placing and paying in one transaction.
   * 'two-step': POST /orders, then POST /orders/pay (two transactions).
   */
  mode?: 'one-step' | 'two-step';
};

export type TCheckoutBenchResult = {
  tps: number;
  /** WAL written per order during the timed run (all of the server's WAL, so keep the server otherwise idle). */
  walBytesPerOrder: number;
  orders: number;
  refused: number;
  failed: number;
  isLedgerOk: boolean;
};

async function prepareCatalogue(
  url: string,
  sellerIds: bigint[],
  productsPerStore: number,
): Promise<bigint[]> {
  const handle = openPostgres(url, 2);
  try {
    const db = handle.db;
    await db.execute(sql`insert into categories (level, names) values (1, '{"en":"Bench"}'::jsonb)`);
    for (const sellerId of sellerIds) {
      await db.execute(
        sql`insert into stores (owner_user_id, name) values (${sellerId}, ${`Bench shop ${sellerId}`})`,
      );
    }
    const rows = await db.execute<{ id: string }>(sql`
      insert into products (store_id, category_id, names, price, selling_price, original_price, retail_price,
        stock, dispatch_fee, long_distance_fee, delivery_fee)
      select s.id, (select min(id) from categories), '{"en":"Bench goods"}'::jsonb, 9.99, 9.99, 12, 11,
        100000000, 0.5, 1.25, 0.25
      from stores s cross join generate_series(1, ${productsPerStore})
      returning id::text as id`);
    return rows.rows.map((r) => BigInt(r.id));
  } finally {
    await handle.close();
  }
}

async function addAddresses(url: string, buyerIds: bigint[]): Promise<void> {
  const handle = openPostgres(url, 2);
  try {
    const first = buyerIds[0]!;
    const last = buyerIds[buyerIds.length - 1]!;
    await handle.db.execute(sql`
      insert into addresses (user_id, consignee, area_code, phone, country, country_name, state, state_name, city,
        postcode, detail, is_default)
      select id, 'Bench buyer', '+49', '15112345678', 'DE', 'Germany', 'BE', 'Berlin', 'Berlin', '10115',
        'Invalidenstrasse 1', true
      from users where id between ${first} and ${last}`);
  } finally {
    await handle.close();
  }
}

/**
 * Statistics for the tables that are already full (goods, shops, users, accounts, addresses), as a live
 * marketplace has them: without any, the planner sizes them from their pages and may read the whole
 * products table for each stock update. The tables the run fills (orders, ledger) are left alone: analysed
 * while nearly empty, their foreign-key checks would be planned as scans that grow with every order.
 */
async function analyzeReferenceTables(url: string): Promise<void> {
  const handle = openPostgres(url, 1);
  try {
    await handle.db.execute(
      sql`analyze products, product_variants, stores, users, addresses, ledger_accounts, categories, system_params`,
    );
  } finally {
    await handle.close();
  }
}

export async function runCheckoutBench(options: TCheckoutBenchOptions): Promise<TCheckoutBenchResult> {
  const database = await createBenchDatabase(options.databaseUrl, 'caravan_bench_checkout');
  try {
    const storeCount = options.stores ?? 400;
    const prepared = await prepareWalletDatabase(
      database.url,
      (options.buyers ?? 2000) + storeCount,
      '1000000',
    );
    await prepared.handle.close();
    const sellerIds = prepared.userIds.slice(0, storeCount);
    const buyerIds = prepared.userIds.slice(storeCount);
    const productIds = await prepareCatalogue(database.url, sellerIds, options.productsPerStore ?? 2);
    await addAddresses(database.url, buyerIds);
    await analyzeReferenceTables(database.url);

    const handle = openPostgres(database.url, options.connections);
    try {
      const db = handle.db;
      const isOneStep = (options.mode ?? 'one-step') === 'one-step';
      const deadline = Date.now() + options.durationSec * 1000;
      let orders = 0;
      let refused = 0;
      let failed = 0;
      const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
      const walBefore = await db.execute<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`);
      const started = Date.now();
      await Promise.all(
        Array.from({ length: options.connections }, async () => {
          while (Date.now() < deadline) {
            const buyerId = pick(buyerIds);
            try {
              const input = {
                items: [
                  { productId: pick(productIds).toString(), quantity: 1 + Math.floor(Math.random() * 3) },
                ],
              };
              if (isOneStep) {
                await placeOrders(db, buyerId, input, 'en', new Date(), { isPaid: true });
              } else {
                const placed = await placeOrders(db, buyerId, input, 'en');
                await payOrdersWithBalance(
                  db,
                  buyerId,
                  placed.map((p) => p.orderNo),
                );
              }
              orders += 1;
            } catch (error) {
              if ((error as { code?: string }).code && (error as { statusCode?: number }).statusCode) {
                refused += 1;
              } else {
                failed += 1;
                if (failed <= 3) {
                  console.error(error);
                }
              }
            }
          }
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      const wal = await db.execute<{ bytes: string }>(
        sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${walBefore.rows[0]!.lsn}::pg_lsn)::text as bytes`,
      );
      const report = await checkLedger(db);
      return {
        tps: orders / seconds,
        walBytesPerOrder: orders > 0 ? Number(wal.rows[0]!.bytes) / orders : 0,
        orders,
        refused,
        failed,
        isLedgerOk: report.isOk,
      };
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}
