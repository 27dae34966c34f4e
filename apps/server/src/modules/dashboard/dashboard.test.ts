import { formatMoney, parseMoney, type TAdminDashboard } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedWalletBasics } from '../../db/seed/wallet';
import { createTestStaff, fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createTestProduct, createTestStore, createTestUser, placeTestOrder } from '../orders/test-fixtures';

type TStaff = { id: bigint; token: string };

function today(offsetMinutes = 0): string {
  return new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

describe('admin dashboard', () => {
  let ctx: TTestContext;
  let db: Database;
  let finance: TStaff;
  let support: TStaff;
  const orderTotals: bigint[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    await seedWalletBasics(db);
    finance = await createTestStaff(db, ['ledger.read', 'finance.review']);
    support = await createTestStaff(db, ['chat.answer']);
    const seller = await createTestUser(db);
    const storeId = await createTestStore(db, seller.id, 'Dashboard shop');
    const { productId } = await createTestProduct(db, storeId, { price: '12.34', stock: 100 });
    for (const quantity of [1, 3]) {
      const buyer = await createTestUser(db);
      await fundUser(db, buyer.id, '1000.5');
      orderTotals.push((await placeTestOrder(db, buyer.id, productId, { quantity })).total);
    }
    const unpaidBuyer = await createTestUser(db);
    await placeTestOrder(db, unpaidBuyer.id, productId, { isPaid: false });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

  /** The ledger's own sums over the same instants, read straight from the postings. */
  async function ledgerTotal(transactionKind: string, accountKind: string, start: Date, end: Date) {
    const result = await db.execute(sql`select coalesce(sum(p.amount), 0)::text as total
      from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      join ledger_transactions t on t.id = p.transaction_id
      where t.kind = ${transactionKind} and a.kind = ${accountKind} and p.amount > 0
        and t.created_at >= ${start.toISOString()}::timestamptz and t.created_at < ${end.toISOString()}::timestamptz`);
    return parseMoney((result.rows[0] as { total: string }).total);
  }

  it("shows today's GMV and deposits equal to the ledger's for the same range", async () => {
    const day = today();
    const res = await get(`/api/v1/admin/dashboard?from=${day}&to=${day}`, finance.token);
    expect(res.statusCode, res.body).toBe(200);
    const board = json<TAdminDashboard>(res);
    const start = new Date(`${day}T00:00:00Z`);
    const end = new Date(start.getTime() + 86_400_000);
    const gmv = await ledgerTotal('order_payment', 'order_escrow', start, end);
    const deposits = await ledgerTotal('deposit', 'user_available', start, end);
    expect(board.totals.gmv).toBe(formatMoney(gmv));
    expect(board.totals.deposits).toBe(formatMoney(deposits));
    // And both are what happened: the two paid orders and the two deposits of 1000.5.
    expect(gmv).toBe(orderTotals.reduce((a, b) => a + b, 0n));
    expect(deposits).toBe(parseMoney('2001'));
    expect(board.totals).toMatchObject({ orders: 3, paidOrders: 2, payingBuyers: 2, newSellers: 1 });
    expect(board.totals.newBuyers).toBeGreaterThanOrEqual(4);
    expect(board.days).toHaveLength(1);
    expect(board.days[0]).toMatchObject({ day, gmv: board.totals.gmv, deposits: board.totals.deposits });
    expect(board.queues).toEqual({
      recharges: 0,
      withdrawals: 0,
      refunds: 0,
      approvals: 0,
      merchantApplications: 0,
      loans: 0,
      chats: 0,
    });
  });

  it('counts the customers waiting for an agent among the queues', async () => {
    const buyer = await createTestUser(ctx.database.db);
    const send = (url: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url, headers: bearer(buyer.token), payload });
    const opened = await send('/api/v1/chat/conversations', { kind: 'service' });
    expect(opened.statusCode, opened.body).toBe(200);
    const queues = async () =>
      json<TAdminDashboard>(await get('/api/v1/admin/dashboard?from=2020-01-01&to=2020-01-01', finance.token))
        .queues.chats;
    // An opened conversation without a message waits for nobody yet.
    expect(await queues()).toBe(0);
    const conversationId = json<{ id: string }>(opened).id;
    const sent = await send(`/api/v1/chat/conversations/${conversationId}/messages`, {
      type: 'text',
      content: 'Where is my parcel?',
      clientId: 'dashboard-1',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await queues()).toBe(1);
  });

  it('a range before today is empty, one day per row, and a zone shifts the day boundaries', async () => {
    const res = await get('/api/v1/admin/dashboard?from=2020-01-01&to=2020-01-30', finance.token);
    const board = json<TAdminDashboard>(res);
    expect(board.days).toHaveLength(30);
    expect(board.totals).toMatchObject({ gmv: '0.00', deposits: '0.00', orders: 0, payingBuyers: 0 });
    // Seen from UTC+14, "today" in UTC may already be tomorrow there; the figures follow the viewer's day.
    const zoned = json<TAdminDashboard>(
      await get(
        `/api/v1/admin/dashboard?from=${today(-840)}&to=${today(840)}&utcOffsetMinutes=840`,
        finance.token,
      ),
    );
    expect(zoned.totals.gmv).toBe(formatMoney(orderTotals.reduce((a, b) => a + b, 0n)));
  });

  it('exports the same figures as CSV', async () => {
    const day = today();
    const board = json<TAdminDashboard>(
      await get(`/api/v1/admin/dashboard?from=${day}&to=${day}`, finance.token),
    );
    const res = await get(`/api/v1/admin/dashboard/export?from=${day}&to=${day}`, finance.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`caravan-dashboard-${day}-${day}.csv`);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'day,gmv,deposits,withdrawals,refunds,orders,paidOrders,payingBuyers,newBuyers,newSellers',
    );
    expect(lines[1]!.startsWith(`${day},${board.totals.gmv},${board.totals.deposits},`)).toBe(true);
    expect(lines[2]!.startsWith(`total,${board.totals.gmv},`)).toBe(true);
  });

  it('refuses staff without a money or order permission, and bad ranges with a 400', async () => {
    const day = today();
    for (const url of [
      `/api/v1/admin/dashboard?from=${day}&to=${day}`,
      `/api/v1/admin/dashboard/export?from=${day}&to=${day}`,
      // The right is checked before the query: a bad range tells them nothing either.
      '/api/v1/admin/dashboard?from=x',
      '/api/v1/admin/dashboard/export',
    ]) {
      const res = await get(url, support.token);
      expect(res.statusCode, url).toBe(403);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/dashboard?from=${day}&to=${day}` }))
        .statusCode,
    ).toBe(401);
    for (const query of [
      'from=2026-02-01&to=2026-01-01',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-13-01&to=2026-13-02',
      'from=x&to=y',
      'from=2026-01-01',
      'from=2026-01-01&to=2026-01-02&utcOffsetMinutes=99999',
      'from=2026-01-01%00&to=2026-01-02',
    ]) {
      expect((await get(`/api/v1/admin/dashboard?${query}`, finance.token)).statusCode, query).toBe(400);
    }
    // Each says what is wrong with the period ("This text is too long" and "This field is required" did not).
    const messageOf = async (query: string) =>
      (
        (await get(`/api/v1/admin/dashboard?${query}`, finance.token)).json() as {
          error: { message: string };
        }
      ).error.message;
    expect(await messageOf('from=2026-02-01&to=2026-01-01')).toBe(
      'The end date cannot be before the start date',
    );
    expect(await messageOf('from=2023-01-01&to=2026-12-01')).toBe('A period can be at most 366 days');
    expect(await messageOf('from=2020-13-45&to=2026-01-01')).toBe('This is not a valid date (YYYY-MM-DD)');
    expect(await messageOf('to=2026-01-01')).toBe('This field is required');
  });

  it('refuses a day the calendar does not have (it was read as a day of the next month), saying so', async () => {
    for (const query of [
      'from=2026-02-30&to=2026-12-01',
      'from=2026-11-31&to=2026-12-04',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-02-01&to=2026-04-31',
      'from=2025-02-29&to=2025-03-01',
    ]) {
      for (const path of ['/api/v1/admin/dashboard', '/api/v1/admin/dashboard/export']) {
        const res = await get(`${path}?${query}`, finance.token);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        // Not "The end date cannot be before the start date": the range only looked reversed.
        expect((res.json() as { error: { message: string } }).error.message, query).toBe(
          'This is not a valid date (YYYY-MM-DD)',
        );
      }
    }
    expect(
      (await get('/api/v1/admin/dashboard?from=2024-02-29&to=2024-03-01', finance.token)).statusCode,
    ).toBe(200);
  });

  it('starts the CSV with a byte order mark, so a spreadsheet reads it as UTF-8', async () => {
    const day = today();
    const res = await get(`/api/v1/admin/dashboard/export?from=${day}&to=${day}`, finance.token);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.slice(1, 4)).toBe('day');
  });
});
