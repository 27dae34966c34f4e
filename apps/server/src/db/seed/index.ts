import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { foldSalesTally } from '../../modules/catalog';
import type { Database } from '../client';
import { users } from '../schema';
import { DEMO_LOGINS, seedDemoAccounts, seedPlatformBasics } from './accounts';
import { seedDemoCatalog } from './catalog';
import { DEMO_APPLICANT, seedDemoMerchantApplication } from './merchants';
import { seedDemoOrders } from './orders';
import { seedDemoWallet, seedWalletBasics } from './wallet';

export type TSeedLog = (message: string) => void;

/** Roles, settings and payment channels every installation needs, demo or not. Idempotent; runs at every start. */
export async function seedBasics(db: Database): Promise<void> {
  await seedPlatformBasics(db);
  await seedWalletBasics(db);
}

/**
 * Demo data for the first start on an empty database. Domains add their part here (catalogue,
 * wallet balances, orders) after the accounts exist.
 */
export async function seedDemo(
  db: Database,
  log: TSeedLog,
  baseUrl = 'http://localhost:3000',
  uploadDir?: string,
): Promise<boolean> {
  await seedBasics(db);
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) {
    return false;
  }
  const demo = await db.transaction(async (tx) => seedDemoAccounts(tx));
  const catalog = await seedDemoCatalog(db, {
    storeId: demo.storeId,
    uploadDir: uploadDir ?? loadConfig().uploadDir,
  });
  log(`Demo catalogue: ${catalog.products} products in ${catalog.stores} stores.`);
  await seedDemoMerchantApplication(db, uploadDir ?? loadConfig().uploadDir);
  await seedDemoWallet(db, demo.buyerUserId);
  log(`Demo orders: ${await seedDemoOrders(db, demo.buyerUserId)}.`);
  await foldSalesTally(db);
  // Statistics for the planner now, not when autovacuum gets round to it (never, for a dozen shops).
  await db.execute(sql`analyze`);
  log(
    [
      'Demo data created. Log-ins (shown once):',
      `  buyer            ${baseUrl}/login        ${DEMO_LOGINS.buyer.username} / ${DEMO_LOGINS.buyer.password}`,
      `  seller           ${baseUrl}/seller/login ${DEMO_LOGINS.seller.username} / ${DEMO_LOGINS.seller.password}`,
      `  administrator    ${baseUrl}/admin/login  ${DEMO_LOGINS.admin.username} / ${DEMO_LOGINS.admin.password}`,
      `  finance reviewer ${baseUrl}/admin/login  ${DEMO_LOGINS.finance.username} / ${DEMO_LOGINS.finance.password}`,
      `  customer service ${baseUrl}/cs/login     ${DEMO_LOGINS.support.username} / ${DEMO_LOGINS.support.password}`,
      `  merchant applicant ${baseUrl}/merchantSettled ${DEMO_APPLICANT.username} / ${DEMO_APPLICANT.password} (application waiting in /admin)`,
    ].join('\n'),
  );
  return true;
}
