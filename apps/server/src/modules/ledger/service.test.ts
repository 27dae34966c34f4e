import { parseMoney, type TMoney } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { createTestUser } from '../../testing/fixtures';
import { createTestApp, type TTestContext } from '../../testing/test-app';
import { checkLedger } from './check';
import {
  getBalances,
  getPlatformBalance,
  holdFunds,
  postLedgerTransaction,
  postLedgerTransactionNow,
  releaseHold,
  withMoneyTransaction,
} from './service';

const m = (v: string): TMoney => parseMoney(v);

async function deposit(db: Database, userId: bigint, amount: TMoney, key = `test:deposit:${Math.random()}`) {
  return withMoneyTransaction(db, (tx) =>
    postLedgerTransaction(tx, {
      idempotencyKey: key,
      kind: 'deposit',
      postings: [
        { account: { kind: 'chain_clearing' }, amount: -amount },
        { account: { kind: 'user_available', userId }, amount },
      ],
    }),
  );
}

function pay(db: Database, userId: bigint, amount: TMoney, key: string) {
  return withMoneyTransaction(db, (tx) =>
    postLedgerTransaction(tx, {
      idempotencyKey: key,
      kind: 'order_payment',
      reference: { type: 'order', id: key },
      postings: [
        { account: { kind: 'user_available', userId }, amount: -amount },
        { account: { kind: 'order_escrow' }, amount },
      ],
    }),
  );
}

async function countRows(db: Database, table: 'ledger_transactions' | 'ledger_postings'): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

describe('ledger', () => {
  let ctx: TTestContext;
  let db: Database;
  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('credits, pays and holds with balanced, immutable postings', async () => {
    const user = await createTestUser(db, { withSession: false });
    await deposit(db, user.id, m('100'));
    const escrowBefore = await getPlatformBalance(db, 'order_escrow');
    const paid = await pay(db, user.id, m('30.25'), `pay-${user.id}`);
    expect(paid.isReplay).toBe(false);
    await withMoneyTransaction(db, (tx) =>
      holdFunds(tx, { userId: user.id, amount: m('10'), idempotencyKey: `hold-${user.id}` }),
    );
    expect(await getBalances(db, user.id)).toEqual({ available: m('59.75'), held: m('10') });
    expect((await getPlatformBalance(db, 'order_escrow')) - escrowBefore).toBe(m('30.25'));

    const postings = await db.execute<{ amount: string; balance_after: string }>(
      sql`select amount::text, balance_after::text from ledger_postings where transaction_id = ${paid.transactionId} order by id`,
    );
    expect(postings.rows.map((r) => parseMoney(r.amount))).toEqual([-m('30.25'), m('30.25')]);
    expect(parseMoney(postings.rows[0]!.balance_after)).toBe(m('69.75'));

    await expect(
      db.execute(sql`update ledger_postings set amount = 1 where transaction_id = ${paid.transactionId}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from ledger_postings where transaction_id = ${paid.transactionId}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update ledger_transactions set kind = 'x' where id = ${paid.transactionId}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from ledger_transactions where id = ${paid.transactionId}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`truncate ledger_postings, ledger_transactions`)).rejects.toThrow();

    await withMoneyTransaction(db, (tx) =>
      releaseHold(tx, { userId: user.id, amount: m('10'), idempotencyKey: `release-${user.id}` }),
    );
    expect(await getBalances(db, user.id)).toEqual({ available: m('69.75'), held: 0n });
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('moves money once for a replayed idempotency key, also when the replays race', async () => {
    const user = await createTestUser(db, { withSession: false });
    await deposit(db, user.id, m('50'));
    const txBefore = await countRows(db, 'ledger_transactions');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(db, user.id, m('7'), `same-key-${user.id}`)),
    );
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.isReplay)).toHaveLength(1);
    expect((await getBalances(db, user.id)).available).toBe(m('43'));
    expect(await countRows(db, 'ledger_transactions')).toBe(txBefore + 1);
  });

  it('refuses an overdraft with INSUFFICIENT_BALANCE and moves nothing', async () => {
    const user = await createTestUser(db, { withSession: false });
    await deposit(db, user.id, m('5'));
    const txBefore = await countRows(db, 'ledger_transactions');
    const error = await pay(db, user.id, m('5.0000000001'), `overdraft-${user.id}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INSUFFICIENT_BALANCE');
    expect((error as AppError).statusCode).toBe(409);
    expect(await getBalances(db, user.id)).toEqual({ available: m('5'), held: 0n });
    expect(await countRows(db, 'ledger_transactions')).toBe(txBefore);
    // Held money is not spendable.
    await withMoneyTransaction(db, (tx) =>
      holdFunds(tx, { userId: user.id, amount: m('4'), idempotencyKey: `h-${user.id}` }),
    );
    await expect(pay(db, user.id, m('2'), `after-hold-${user.id}`)).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    // A user without any account has nothing to spend.
    const empty = await createTestUser(db, { withSession: false });
    await expect(pay(db, empty.id, m('1'), `empty-${empty.id}`)).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
  });

  it('refuses malformed postings as programming errors', async () => {
    const user = await createTestUser(db, { withSession: false });
    const post = (postings: Parameters<typeof postLedgerTransaction>[1]['postings']) =>
      withMoneyTransaction(db, (tx) =>
        postLedgerTransaction(tx, { idempotencyKey: `bad-${Math.random()}`, kind: 'transfer', postings }),
      );
    await expect(
      post([
        { account: { kind: 'chain_clearing' }, amount: -m('1') },
        { account: { kind: 'user_available', userId: user.id }, amount: m('2') },
      ]),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      post([
        { account: { kind: 'chain_clearing' }, amount: 0n },
        { account: { kind: 'order_escrow' }, amount: 0n },
      ]),
    ).rejects.toThrow(/non-zero/);
    await expect(post([{ account: { kind: 'chain_clearing' }, amount: 0n }])).rejects.toThrow(/two postings/);
    // The SQL function refuses an unbalanced call on its own too.
    await expect(
      db.execute(
        sql`select * from ledger_post('raw-bad', 'transfer', null, null, '{chain_clearing,order_escrow}'::text[], '{NULL,NULL}'::bigint[], '{1,2}'::numeric[])`,
      ),
    ).rejects.toThrow();
  });

  it('never overdraws one balance under 200 concurrent payments and holds', async () => {
    const user = await createTestUser(db, { withSession: false });
    await deposit(db, user.id, m('100'));
    const amounts = Array.from({ length: 200 }, (_, i) =>
      m(`${(i % 7) + 1}.${String(i % 100).padStart(2, '0')}`),
    );
    const outcomes = await Promise.all(
      amounts.map((amount, i) => {
        const run =
          i % 2 === 0
            ? pay(db, user.id, amount, `c-pay-${user.id}-${i}`)
            : withMoneyTransaction(db, (tx) =>
                holdFunds(tx, { userId: user.id, amount, idempotencyKey: `c-hold-${user.id}-${i}` }),
              );
        return run.then(
          () => ({ ok: true as const, amount }),
          (error: unknown) => {
            if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
              return { ok: false as const, amount };
            }
            throw error;
          },
        );
      }),
    );
    const spent = outcomes.filter((o) => o.ok).reduce((sum, o) => sum + o.amount, 0n);
    const balances = await getBalances(db, user.id);
    expect(balances.available).toBeGreaterThanOrEqual(0n);
    expect(m('100') - balances.available).toBe(spent);
    expect(outcomes.some((o) => !o.ok)).toBe(true);
    const held = outcomes.filter((o, i) => o.ok && i % 2 === 1).reduce((sum, o) => sum + o.amount, 0n);
    expect(balances.held).toBe(held);
    const report = await checkLedger(db);
    expect(report.breaches).toEqual([]);
    expect(report.isOk).toBe(true);
  });

  it('spreads platform postings over several shards', async () => {
    const user = await createTestUser(db, { withSession: false });
    await deposit(db, user.id, m('40'));
    for (let i = 0; i < 40; i++) {
      await pay(db, user.id, m('1'), `shard-${user.id}-${i}`);
    }
    const result = await db.execute<{ n: number }>(
      sql`select count(distinct p.account_id)::int as n from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
          join ledger_accounts a on a.id = p.account_id where t.idempotency_key like ${`shard-${user.id}-%`} and a.user_id is null`,
    );
    expect(Number(result.rows[0]?.n)).toBeGreaterThan(4);
  });

  it('posts a standalone movement in one statement with the same guarantees', async () => {
    const user = await createTestUser(db, { withSession: false });
    await deposit(db, user.id, m('10'));
    const transfer = (key: string, amount: TMoney) =>
      postLedgerTransactionNow(db, {
        idempotencyKey: key,
        kind: 'transfer',
        postings: [
          { account: { kind: 'user_available', userId: user.id }, amount: -amount },
          { account: { kind: 'order_escrow' }, amount },
        ],
      });
    const results = await Promise.all(Array.from({ length: 10 }, () => transfer(`now-${user.id}`, m('4'))));
    expect(results.filter((r) => !r.isReplay)).toHaveLength(1);
    expect((await getBalances(db, user.id)).available).toBe(m('6'));
    await expect(transfer(`now-over-${user.id}`, m('6.01'))).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    await expect(
      postLedgerTransactionNow(db, {
        idempotencyKey: `now-bad-${user.id}`,
        kind: 'transfer',
        postings: [
          { account: { kind: 'user_available', userId: user.id }, amount: -m('1') },
          { account: { kind: 'order_escrow' }, amount: m('2') },
        ],
      }),
    ).rejects.toThrow(/sum to zero/);
    expect((await getBalances(db, user.id)).available).toBe(m('6'));
  });

  it('reports a breach when a balance no longer matches its postings', async () => {
    const user = await createTestUser(db, { withSession: false });
    await deposit(db, user.id, m('3'));
    await db.execute(
      sql`update ledger_accounts set balance = balance + 1 where user_id = ${user.id} and kind = 'user_available'`,
    );
    const report = await checkLedger(db);
    expect(report.isOk).toBe(false);
    expect(report.breaches.map((b) => b.kind).sort()).toEqual(['balance_mismatch', 'ledger_total_nonzero']);
    await db.execute(
      sql`update ledger_accounts set balance = balance - 1 where user_id = ${user.id} and kind = 'user_available'`,
    );
    expect((await checkLedger(db)).isOk).toBe(true);
  });
});
