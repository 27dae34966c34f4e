import { parseMoney, type TLoan, type TMyLoans } from '@caravan/contracts';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  auditLog,
  identityVerifications,
  ledgerTransactions,
  loans,
  notifications,
  systemParams,
} from '../../db/schema';
import { createTestStaff, createTestUser } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { checkLedger, getBalances, getPlatformBalance } from '../ledger';
import { testClockOf } from '../ops';
import { lapseLoanOffers } from './offers';

type TErr = { error: { code: string; message: string; details?: Record<string, unknown> } };
const m = (v: string) => parseMoney(v);
const PUBLIC_URL = 'https://shop.caravan.example';

/**
 * Counter-offers: an approval below the amount asked waits for the borrower (status approved, nothing credited);
 * accepting pays it out once, declining or leaving it past loan_offer_valid_days fails it.
 */
describe('loan counter-offers', () => {
  let ctx: TTestContext;
  let db: Database;
  let reviewerA: { id: bigint; token: string };
  let reviewerB: { id: bigint; token: string };
  let settingsStaff: { id: bigint; token: string };
  let startupId: string;
  let idSeq = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ TEST_CLOCK: 'true', PUBLIC_URL });
    db = ctx.database.db;
    reviewerA = await createTestStaff(db, ['loans.review']);
    reviewerB = await createTestStaff(db, ['loans.review']);
    settingsStaff = await createTestStaff(db, ['settings.manage']);
    const products = json<{ products: { id: string; code: string }[] }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/loans/products' }),
    ).products;
    startupId = products.find((p) => p.code === 'startup')!.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A buyer whose real-name verification is approved (written directly: the review is tested in loans.test.ts). */
  async function verifiedBuyer() {
    const user = await createTestUser(db);
    idSeq += 1;
    const idNumber = `OF${process.pid % 1000}${String(idSeq).padStart(6, '0')}`;
    await db.insert(identityVerifications).values({
      userId: user.id,
      level: 'real_name',
      status: 'approved',
      realName: 'Amina Trader',
      nationality: 'KE',
      idType: 'id_card',
      idNumber,
      idNumberKey: idNumber,
      reviewedAt: new Date(),
    });
    return user;
  }

  async function applied(amount = '300000') {
    const user = await verifiedBuyer();
    const res = await call('POST', '/api/v1/loans', user.token, {
      productId: startupId,
      amount,
      termDays: 30,
      mode: 'bullet',
      purpose: 'Stock for the spring season',
      agreed: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { user, loanId: json<TLoan>(res).id };
  }

  /** A loan asked for 300,000 and approved for 200,000: an open offer. */
  async function offered() {
    const { user, loanId } = await applied('300000');
    const res = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerA.token, {
      amount: '200000',
    });
    expect(res.statusCode, res.body).toBe(200);
    return { user, loanId, loan: json<TLoan>(res) };
  }

  const disbursements = async (loanId: string) =>
    db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.referenceType, 'loan'), eq(ledgerTransactions.referenceId, loanId)));

  it('an approval below the amount asked is an offer: nothing credited, the ledger unchanged, the borrower told', async () => {
    const bookBefore = await getPlatformBalance(db, 'loan_book');
    const { user, loanId, loan } = await offered();
    expect(loan).toMatchObject({
      status: 'approved',
      amount: '300000.00',
      approvedAmount: '200000.00',
      disbursedAt: null,
      offerOutcome: null,
    });
    // The schedule and figures are those of the amount offered.
    expect(loan.schedule).toHaveLength(1);
    expect(loan.schedule[0]!.principal).toBe('200000.00');
    expect(loan.totalRepaymentScheduled).toBe('203000.00');
    const expiresIn = Date.parse(loan.offerExpiresAt!) - testClockOf(db).now().getTime();
    expect(expiresIn).toBeGreaterThan(6.9 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000);

    expect((await getBalances(db, user.id)).available).toBe(0n);
    expect(await getPlatformBalance(db, 'loan_book')).toBe(bookBefore);
    expect(await disbursements(loanId)).toEqual([]);
    const sent = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), like(notifications.event, 'loan.%')));
    expect(sent.map((n) => [n.event, n.params])).toEqual([
      ['loan.offered', { loanId, amount: '200000.00', expiresAt: loan.offerExpiresAt }],
    ]);
    const mine = json<TMyLoans>(await call('GET', '/api/v1/loans/mine', user.token));
    expect(mine.current).toMatchObject({ id: loanId, status: 'approved', approvedAmount: '200000.00' });
    // A pending offer blocks a new application.
    const again = await call('POST', '/api/v1/loans', user.token, {
      productId: startupId,
      amount: '100000',
      termDays: 30,
      mode: 'bullet',
      purpose: 'Another one',
      agreed: true,
    });
    expect([again.statusCode, json<TErr>(again).error.code]).toEqual([409, 'LOAN_PENDING_EXISTS']);
    // Staff see it under its own status, and cannot approve it a second time.
    const list = json<{ pageList: { id: string }[] }>(
      await call('GET', '/api/v1/admin/loans?status=approved', reviewerB.token),
    );
    expect(list.pageList.map((l) => l.id)).toContain(loanId);
    const twice = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerB.token, {});
    expect(json<TErr>(twice).error.code).toBe('RECORD_ALREADY_REVIEWED');
  });

  it('accepting pays the offer out once, under two accepts at once and with a repeated Idempotency-Key', async () => {
    const { user, loanId } = await offered();
    const bookBefore = await getPlatformBalance(db, 'loan_book');
    const [first, second] = await Promise.all([
      call('POST', `/api/v1/loans/${loanId}/accept`, user.token, {}, { 'idempotency-key': `a-${loanId}` }),
      call('POST', `/api/v1/loans/${loanId}/accept`, user.token, {}, { 'idempotency-key': `b-${loanId}` }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(json<TErr>(loser).error).toMatchObject({
      code: 'LOAN_OFFER_NOT_OPEN',
      message: 'This loan is not waiting for your answer: there is no open offer on it',
    });
    const winner = json<TLoan>(first.statusCode === 200 ? first : second);
    expect(winner).toMatchObject({
      status: 'disbursed',
      approvedAmount: '200000.00',
      offerOutcome: 'accepted',
    });
    expect(winner.schedule[0]!.dueDate).not.toBeNull();

    // The same key again is the same answer, not a second credit.
    const winnerKey = first.statusCode === 200 ? `a-${loanId}` : `b-${loanId}`;
    const replay = await call(
      'POST',
      `/api/v1/loans/${loanId}/accept`,
      user.token,
      {},
      { 'idempotency-key': winnerKey },
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    expect((await getBalances(db, user.id)).available).toBe(m('200000'));
    expect(await getPlatformBalance(db, 'loan_book')).toBe(bookBefore - m('200000'));
    expect((await disbursements(loanId)).map((t) => t.kind)).toEqual(['loan_disbursement']);
    const sent = await db
      .select({ event: notifications.event })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.event, 'loan.disbursed')));
    expect(sent).toHaveLength(1);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('declining fails the loan with the reason, staff see it, and a new application is allowed', async () => {
    const { user, loanId } = await offered();
    const res = await call('POST', `/api/v1/loans/${loanId}/decline`, user.token, {
      reason: '  Too little for my order  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<TLoan>(res)).toMatchObject({
      status: 'failed',
      offerOutcome: 'declined',
      offerDeclineReason: 'Too little for my order',
    });
    expect(json<TLoan>(res).events.map((e) => e.kind)).toEqual(['applied', 'approved', 'failed']);
    const detail = json<{ loan: TLoan }>(await call('GET', `/api/v1/admin/loans/${loanId}`, reviewerB.token));
    expect(detail.loan).toMatchObject({
      offerOutcome: 'declined',
      offerDeclineReason: 'Too little for my order',
    });
    expect((await getBalances(db, user.id)).available).toBe(0n);
    expect(await disbursements(loanId)).toEqual([]);
    // Answered: neither accept nor decline again.
    for (const action of ['accept', 'decline']) {
      const late = await call(
        'POST',
        `/api/v1/loans/${loanId}/${action}`,
        user.token,
        {},
        {
          'accept-language': 'de',
        },
      );
      expect(late.statusCode).toBe(409);
      expect(json<TErr>(late).error.code).toBe('LOAN_OFFER_NOT_OPEN');
    }
    const again = await call('POST', '/api/v1/loans', user.token, {
      productId: startupId,
      amount: '100000',
      termDays: 30,
      mode: 'bullet',
      purpose: 'Smaller this time',
      agreed: true,
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("someone else's offer is not found, a loan in another state is refused, bad input is a 4xx", async () => {
    const { loanId } = await offered();
    const stranger = await verifiedBuyer();
    for (const action of ['accept', 'decline']) {
      const res = await call('POST', `/api/v1/loans/${loanId}/${action}`, stranger.token, {});
      expect([res.statusCode, json<TErr>(res).error.code]).toEqual([404, 'LOAN_NOT_FOUND']);
    }
    const { user: waiting, loanId: waitingId } = await applied('100000');
    const early = await call('POST', `/api/v1/loans/${waitingId}/accept`, waiting.token, {});
    expect([early.statusCode, json<TErr>(early).error.code]).toEqual([409, 'LOAN_OFFER_NOT_OPEN']);
    // Never offered: the answer must not claim an offer was answered or lapsed.
    expect(json<TErr>(early).error.message).toBe(
      'This loan is not waiting for your answer: there is no open offer on it',
    );
    const cases: [string, unknown, number][] = [
      [`/api/v1/loans/1234567890123456789/accept`, {}, 400],
      [`/api/v1/loans/${waitingId}/decline`, { reason: 'x'.repeat(256) }, 400],
      [`/api/v1/loans/${waitingId}/decline`, { reason: 'a\u0000b' }, 400],
      [`/api/v1/loans/${waitingId}/decline`, { extra: 1 }, 400],
    ];
    for (const [url, body, status] of cases) {
      const res = await call('POST', url, waiting.token, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(status);
      expect(json<TErr>(res).error.message).toBeTruthy();
    }
    const [row] = await db
      .select()
      .from(loans)
      .where(eq(loans.id, BigInt(waitingId)));
    expect(row!.status).toBe('applying');
    // A cookie write from another site is refused before it reaches the offer.
    const owner = await db
      .select({ userId: loans.userId })
      .from(loans)
      .where(eq(loans.id, BigInt(loanId)));
    expect(owner).toHaveLength(1);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loans/${waitingId}/accept`,
      cookies: { caravan_session: waiting.token },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect([foreign.statusCode, json<TErr>(foreign).error.code]).toEqual([403, 'FOREIGN_ORIGIN']);
  });

  it('accept takes no body, like the other bodiless POSTs: none at all pays out, an empty JSON body is refused cleanly', async () => {
    const { user, loanId } = await offered();
    // Fastify refuses a JSON content type with nothing in it on every route (JSON_BODY_EMPTY), nothing decided.
    const emptyJson = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loans/${loanId}/accept`,
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: '',
    });
    expect([emptyJson.statusCode, json<TErr>(emptyJson).error.code]).toEqual([400, 'JSON_BODY_EMPTY']);
    expect((await getBalances(db, user.id)).available).toBe(0n);
    const before = testClockOf(db).now().getTime();
    const bare = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loans/${loanId}/accept`,
      headers: bearer(user.token),
    });
    expect(bare.statusCode, bare.body).toBe(200);
    const accepted = json<TLoan>(bare);
    expect(accepted).toMatchObject({ status: 'disbursed', offerOutcome: 'accepted' });
    // When the borrower answered, on the loans' clock, for the console's drawer.
    const answeredAt = Date.parse(accepted.offerAnsweredAt!);
    expect(answeredAt).toBeGreaterThanOrEqual(before);
    expect(answeredAt).toBeLessThanOrEqual(testClockOf(db).now().getTime());
    expect((await getBalances(db, user.id)).available).toBe(m('200000'));
  });

  it('an offer left unanswered lapses after loan_offer_valid_days on the test clock', async () => {
    const put = await call('PUT', '/api/v1/admin/system-params/loan_offer_valid_days', settingsStaff.token, {
      value: '3',
    });
    expect(put.statusCode, put.body).toBe(200);
    const { user, loanId } = await offered();
    const moveClock = (days: number) => call('POST', '/api/v1/admin/test/clock', reviewerA.token, { days });
    expect((await moveClock(2)).statusCode).toBe(200);
    expect(json<TLoan>(await call('GET', `/api/v1/loans/${loanId}`, user.token)).status).toBe('approved');
    expect((await moveClock(2)).statusCode).toBe(200);
    const lapsed = json<TLoan>(await call('GET', `/api/v1/loans/${loanId}`, user.token));
    expect(lapsed).toMatchObject({ status: 'failed', offerOutcome: 'lapsed' });
    const late = await call('POST', `/api/v1/loans/${loanId}/accept`, user.token, {});
    expect(json<TErr>(late).error.code).toBe('LOAN_OFFER_NOT_OPEN');
    expect((await getBalances(db, user.id)).available).toBe(0n);
    const told = await db
      .select({ params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.event, 'loan.offerLapsed')));
    expect(told.map((n) => n.params)).toEqual([{ loanId, amount: '200000.00' }]);
    await db.update(systemParams).set({ value: '7' }).where(eq(systemParams.code, 'loan_offer_valid_days'));
  });

  it('the full amount still disburses at once; a four-eyes loan lowered at the second approval becomes an offer', async () => {
    const { user, loanId } = await applied('150000');
    const full = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerA.token, {});
    expect(json<TLoan>(full)).toMatchObject({
      status: 'disbursed',
      approvedAmount: '150000.00',
      offerOutcome: null,
    });
    expect((await getBalances(db, user.id)).available).toBe(m('150000'));

    await db
      .insert(systemParams)
      .values({ code: 'loan_four_eyes_threshold', value: '200000' })
      .onConflictDoUpdate({ target: systemParams.code, set: { value: '200000' } });
    const fourEyes = await applied('300000');
    const first = await call('POST', `/api/v1/admin/loans/${fourEyes.loanId}/approve`, reviewerA.token, {});
    expect(json<TLoan>(first).status).toBe('reviewing');
    const second = await call('POST', `/api/v1/admin/loans/${fourEyes.loanId}/approve`, reviewerB.token, {
      amount: '250000',
    });
    expect(json<TLoan>(second)).toMatchObject({ status: 'approved', approvedAmount: '250000.00' });
    expect((await getBalances(db, fourEyes.user.id)).available).toBe(0n);
    const accepted = await call('POST', `/api/v1/loans/${fourEyes.loanId}/accept`, fourEyes.user.token, {});
    expect(json<TLoan>(accepted).status).toBe('disbursed');
    expect((await getBalances(db, fourEyes.user.id)).available).toBe(m('250000'));

    // Full amount above the threshold: the second approval disburses at once, as before.
    const fullFourEyes = await applied('300000');
    await call('POST', `/api/v1/admin/loans/${fullFourEyes.loanId}/approve`, reviewerA.token, {});
    const paid = await call(
      'POST',
      `/api/v1/admin/loans/${fullFourEyes.loanId}/approve`,
      reviewerB.token,
      {},
    );
    expect(json<TLoan>(paid).status).toBe('disbursed');
    await db
      .update(systemParams)
      .set({ value: '1000000' })
      .where(eq(systemParams.code, 'loan_four_eyes_threshold'));
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  const auditOf = async (loanId: string) =>
    db
      .select({
        staffId: auditLog.staffId,
        action: auditLog.action,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'loan'), eq(auditLog.targetId, loanId)))
      .orderBy(asc(auditLog.id));

  const withdraw = (
    loanId: string,
    payload: unknown,
    token = reviewerB.token,
    headers: Record<string, string> = {},
  ) => call('POST', `/api/v1/admin/loans/${loanId}/withdraw-offer`, token, payload, headers);

  it('staff withdraw an unanswered offer: the loan fails, nothing is credited, the borrower is told and may reapply', async () => {
    const { user, loanId } = await offered();
    const bookBefore = await getPlatformBalance(db, 'loan_book');
    const res = await withdraw(loanId, { reason: '  Income could not be confirmed  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<TLoan>(res)).toMatchObject({
      status: 'failed',
      offerOutcome: 'withdrawn',
      rejectReason: 'Income could not be confirmed',
      offerAnsweredAt: null,
      disbursedAt: null,
    });
    expect(json<TLoan>(res).events.map((e) => e.kind)).toEqual(['applied', 'approved', 'failed']);
    // The borrower sees it on their page, staff in the console.
    const mine = json<TLoan>(await call('GET', `/api/v1/loans/${loanId}`, user.token));
    expect(mine).toMatchObject({ status: 'failed', offerOutcome: 'withdrawn' });
    const detail = json<{ loan: TLoan }>(await call('GET', `/api/v1/admin/loans/${loanId}`, reviewerA.token));
    expect(detail.loan).toMatchObject({
      offerOutcome: 'withdrawn',
      rejectReason: 'Income could not be confirmed',
    });
    expect((await getBalances(db, user.id)).available).toBe(0n);
    expect(await getPlatformBalance(db, 'loan_book')).toBe(bookBefore);
    expect(await disbursements(loanId)).toEqual([]);

    const told = await db
      .select({ params: notifications.params, audience: notifications.audience })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.event, 'loan.offerWithdrawn')));
    expect(told).toEqual([
      {
        audience: 'buyer',
        params: { loanId, amount: '200000.00', reason: 'Income could not be confirmed' },
      },
    ]);
    // The borrower's notification list carries it.
    const page = json<{ pageList: { event: string }[] }>(
      await call('GET', '/api/v1/notifications', user.token),
    );
    expect(page.pageList.map((n) => n.event)).toContain('loan.offerWithdrawn');

    const audit = await auditOf(loanId);
    expect(audit.at(-1)).toEqual({
      staffId: reviewerB.id,
      action: 'loan.offer_withdraw',
      details: {
        userId: String(user.id),
        amount: '200000.00',
        reason: 'Income could not be confirmed',
        before: { status: 'approved', offerOutcome: null },
        after: { status: 'failed', offerOutcome: 'withdrawn' },
      },
    });

    // Answering it now is refused, with its own localized message, and credits nothing.
    for (const action of ['accept', 'decline']) {
      const late = await call(
        'POST',
        `/api/v1/loans/${loanId}/${action}`,
        user.token,
        {},
        { 'accept-language': 'de' },
      );
      expect([late.statusCode, json<TErr>(late).error.code]).toEqual([409, 'LOAN_OFFER_WITHDRAWN']);
      expect(json<TErr>(late).error.message).toContain('zurückgezogen');
    }
    // A second withdrawal finds nothing pending.
    const twice = await withdraw(loanId, { reason: 'again' });
    expect([twice.statusCode, json<TErr>(twice).error.code]).toEqual([409, 'LOAN_OFFER_NOT_PENDING']);
    expect((await getBalances(db, user.id)).available).toBe(0n);
    expect(await auditOf(loanId)).toHaveLength(audit.length);

    const again = await call('POST', '/api/v1/loans', user.token, {
      productId: startupId,
      amount: '100000',
      termDays: 30,
      mode: 'bullet',
      purpose: 'After the withdrawal',
      agreed: true,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('withdraw and accept at once: exactly one wins, the loser gets a 409, and money moves only if accept won', async () => {
    const winners: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      const { user, loanId } = await offered();
      const bookBefore = await getPlatformBalance(db, 'loan_book');
      const accept = () =>
        call(
          'POST',
          `/api/v1/loans/${loanId}/accept`,
          user.token,
          {},
          { 'idempotency-key': `race-a-${loanId}` },
        );
      const take = () =>
        withdraw(loanId, { reason: 'Race' }, reviewerA.token, { 'idempotency-key': `race-w-${loanId}` });
      // Both orders of sending, so each side is first at least once on a single-session database.
      const [acceptRes, withdrawRes] =
        round % 2 === 0
          ? await Promise.all([accept(), take()])
          : (await Promise.all([take(), accept()])).reverse();
      const codes = [acceptRes!.statusCode, withdrawRes!.statusCode].sort();
      expect(codes, `${acceptRes!.body} ${withdrawRes!.body}`).toEqual([200, 409]);
      const [row] = await db
        .select()
        .from(loans)
        .where(eq(loans.id, BigInt(loanId)));
      const actions = (await auditOf(loanId)).map((a) => a.action);
      if (acceptRes!.statusCode === 200) {
        winners.push('accept');
        expect(json<TErr>(withdrawRes!).error).toMatchObject({
          code: 'LOAN_OFFER_NOT_PENDING',
          message:
            "This loan has no offer waiting for the borrower's answer: it was already accepted, declined, withdrawn or has lapsed",
        });
        expect(row).toMatchObject({ status: 'disbursed', offerOutcome: 'accepted', rejectReason: null });
        expect((await getBalances(db, user.id)).available).toBe(m('200000'));
        expect(await getPlatformBalance(db, 'loan_book')).toBe(bookBefore - m('200000'));
        expect(actions).toContain('loan.offer_accept');
        expect(actions).not.toContain('loan.offer_withdraw');
      } else {
        winners.push('withdraw');
        expect(json<TErr>(acceptRes!).error).toMatchObject({
          code: 'LOAN_OFFER_WITHDRAWN',
          message:
            'This offer was withdrawn before you answered: nothing was paid out, and you can apply again',
        });
        expect(row).toMatchObject({ status: 'failed', offerOutcome: 'withdrawn' });
        expect((await getBalances(db, user.id)).available).toBe(0n);
        expect(await getPlatformBalance(db, 'loan_book')).toBe(bookBefore);
        expect(await disbursements(loanId)).toEqual([]);
        expect(actions).toContain('loan.offer_withdraw');
        expect(actions).not.toContain('loan.offer_accept');
      }
    }
    expect(winners).toHaveLength(4);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('accepted first, a withdrawal changes nothing; lapsed or never offered is refused too', async () => {
    const { user, loanId } = await offered();
    expect((await call('POST', `/api/v1/loans/${loanId}/accept`, user.token, {})).statusCode).toBe(200);
    const late = await withdraw(loanId, { reason: 'Too late' });
    expect([late.statusCode, json<TErr>(late).error.code]).toEqual([409, 'LOAN_OFFER_NOT_PENDING']);
    const [row] = await db
      .select()
      .from(loans)
      .where(eq(loans.id, BigInt(loanId)));
    expect(row).toMatchObject({ status: 'disbursed', offerOutcome: 'accepted', rejectReason: null });
    expect((await getBalances(db, user.id)).available).toBe(m('200000'));
    const withdrawn = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.event, 'loan.offerWithdrawn')));
    expect(withdrawn).toEqual([]);

    const { loanId: waitingId } = await applied('100000');
    const early = await withdraw(waitingId, { reason: 'Nothing offered' });
    expect([early.statusCode, json<TErr>(early).error.code]).toEqual([409, 'LOAN_OFFER_NOT_PENDING']);
    const missing = await withdraw('999999999', { reason: 'x' });
    expect([missing.statusCode, json<TErr>(missing).error.code]).toEqual([404, 'LOAN_NOT_FOUND']);

    // Past its expiry (the lapse job has not run): it is no longer pending.
    const { loanId: oldId } = await offered();
    await db
      .update(loans)
      .set({ offerExpiresAt: new Date(testClockOf(db).now().getTime() - 1000) })
      .where(eq(loans.id, BigInt(oldId)));
    const expired = await withdraw(oldId, { reason: 'Expired' });
    expect([expired.statusCode, json<TErr>(expired).error.code]).toEqual([409, 'LOAN_OFFER_NOT_PENDING']);
  });

  it('the withdrawal reason is required, trimmed, at most 500 characters, without NUL; only loan reviewers may withdraw', async () => {
    const { user, loanId } = await offered();
    const cases: [unknown, number, string][] = [
      [{}, 400, 'reason'],
      [{ reason: '' }, 400, 'reason'],
      [{ reason: '   ' }, 400, 'reason'],
      [{ reason: 'x'.repeat(501) }, 400, 'reason'],
      [{ reason: 'a\u0000b' }, 400, ''],
      [{ reason: 42 }, 400, 'reason'],
      [{ reason: 'ok', extra: 1 }, 400, ''],
      [[{ reason: 'ok' }], 400, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await withdraw(loanId, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(status);
      const { error } = json<TErr>(res);
      expect(error.message).toBeTruthy();
      if (field) {
        expect(JSON.stringify(error.details ?? {})).toContain(field);
      }
    }
    const idTooLong = await withdraw('1234567890123456789', { reason: 'ok' });
    expect(idTooLong.statusCode).toBe(400);
    // A buyer, and staff without loans.review, are refused.
    const byBuyer = await withdraw(loanId, { reason: 'ok' }, user.token);
    expect(byBuyer.statusCode).toBeGreaterThanOrEqual(401);
    expect(byBuyer.statusCode).toBeLessThan(404);
    const bySettings = await withdraw(loanId, { reason: 'ok' }, settingsStaff.token);
    expect(bySettings.statusCode).toBe(403);
    const [row] = await db
      .select()
      .from(loans)
      .where(eq(loans.id, BigInt(loanId)));
    expect(row!.status).toBe('approved');

    // 500 characters after trimming are taken.
    const res = await withdraw(loanId, { reason: ` ${'y'.repeat(500)} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<TLoan>(res).rejectReason).toBe('y'.repeat(500));
  });

  it("the borrower's accept and decline are in the staff audit log with the borrower as the actor", async () => {
    const { user, loanId } = await offered();
    expect((await call('POST', `/api/v1/loans/${loanId}/accept`, user.token)).statusCode).toBe(200);
    const accepted = (await auditOf(loanId)).filter((a) => a.action === 'loan.offer_accept');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({
      staffId: null,
      details: {
        actor: 'borrower',
        userId: String(user.id),
        amount: '200000.00',
        before: { status: 'approved', offerOutcome: null },
        after: { status: 'disbursed', offerOutcome: 'accepted' },
      },
    });
    expect(accepted[0]!.details.ledgerTransactionId).toMatch(/^\d+$/);

    const other = await offered();
    const declined = await call('POST', `/api/v1/loans/${other.loanId}/decline`, other.user.token, {
      reason: ' Not enough ',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await auditOf(other.loanId)).filter((a) => a.action.startsWith('loan.offer_'))).toEqual([
      {
        staffId: null,
        action: 'loan.offer_decline',
        details: {
          actor: 'borrower',
          userId: String(other.user.id),
          amount: '200000.00',
          reason: 'Not enough',
          before: { status: 'approved', offerOutcome: null },
          after: { status: 'failed', offerOutcome: 'declined' },
        },
      },
    ]);
    // A refused answer writes no row.
    const refused = await call('POST', `/api/v1/loans/${other.loanId}/accept`, other.user.token);
    expect(refused.statusCode).toBe(409);
    expect((await auditOf(other.loanId)).filter((a) => a.action.startsWith('loan.offer_'))).toHaveLength(1);
    // Staff find them in the log by action.
    const auditor = await createTestStaff(db, ['audit.read']);
    const log = await call(
      'GET',
      `/api/v1/admin/audit-log?action=loan.offer_&targetId=${other.loanId}`,
      auditor.token,
    );
    expect(log.statusCode, log.body).toBe(200);
    expect(json<{ pageList: { action: string; staffId: string | null }[] }>(log).pageList).toEqual([
      expect.objectContaining({ action: 'loan.offer_decline', staffId: null }),
    ]);
  });

  it('loan_offer_valid_days is refused outside 1..30', async () => {
    for (const value of ['0', '31', '2.5', 'abc']) {
      const res = await call(
        'PUT',
        '/api/v1/admin/system-params/loan_offer_valid_days',
        settingsStaff.token,
        {
          value,
        },
      );
      expect(res.statusCode, value).toBe(400);
      expect(json<TErr>(res).error.message).toBeTruthy();
    }
    const outside = await call(
      'PUT',
      '/api/v1/admin/system-params/loan_offer_valid_days',
      settingsStaff.token,
      {
        value: '31',
      },
    );
    expect(json<TErr>(outside).error.message).toContain('30');
    for (const value of ['1', '30']) {
      const res = await call(
        'PUT',
        '/api/v1/admin/system-params/loan_offer_valid_days',
        settingsStaff.token,
        {
          value,
        },
      );
      expect(res.statusCode, value).toBe(200);
    }
    await db.update(systemParams).set({ value: '7' }).where(eq(systemParams.code, 'loan_offer_valid_days'));
  });

  it('a settled offer no longer counts its "accept or decline" notification as unread', async () => {
    const offerNotices = (userId: bigint) =>
      db
        .select({ params: notifications.params, readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.event, 'loan.offered')));
    const unread = async (token: string) =>
      json<{ unread: number }>(await call('GET', '/api/v1/notifications/unread', token)).unread;
    const settlements: [string, (loanId: string, token: string) => Promise<void>][] = [
      [
        'accepted',
        async (loanId, token) => {
          expect((await call('POST', `/api/v1/loans/${loanId}/accept`, token)).statusCode).toBe(200);
        },
      ],
      [
        'declined',
        async (loanId, token) => {
          expect((await call('POST', `/api/v1/loans/${loanId}/decline`, token, {})).statusCode).toBe(200);
        },
      ],
      [
        'withdrawn',
        async (loanId) => {
          expect((await withdraw(loanId, { reason: 'Changed terms' })).statusCode).toBe(200);
        },
      ],
      [
        'lapsed',
        async (loanId) => {
          const [row] = await db
            .select()
            .from(loans)
            .where(eq(loans.id, BigInt(loanId)));
          expect(await lapseLoanOffers(db, row!.offerExpiresAt!)).toBeGreaterThanOrEqual(1);
        },
      ],
    ];
    for (const [outcome, settle] of settlements) {
      const { user, loanId } = await offered();
      // Another offer's notice (another loan id) is not this offer's and stays as it is.
      await db.insert(notifications).values({
        userId: user.id,
        audience: 'buyer',
        event: 'loan.offered',
        params: { loanId: `${loanId}0`, amount: '1.00', expiresAt: new Date().toISOString() },
      });
      expect(
        (await offerNotices(user.id)).every((n) => n.readAt === null),
        outcome,
      ).toBe(true);
      const before = await unread(user.token);
      await settle(loanId, user.token);
      const notices = await offerNotices(user.id);
      expect(notices.find((n) => n.params.loanId === loanId)?.readAt, outcome).not.toBeNull();
      expect(notices.find((n) => n.params.loanId === `${loanId}0`)?.readAt, outcome).toBeNull();
      const [loan] = await db
        .select()
        .from(loans)
        .where(eq(loans.id, BigInt(loanId)));
      expect(loan?.offerOutcome).toBe(outcome);
      // The settlement's own notice (lapsed, withdrawn, paid out) may add one; the offer's no longer counts.
      const told = outcome === 'declined' ? 0 : 1;
      expect(await unread(user.token), outcome).toBe(before - 1 + told);
    }
  });
});
