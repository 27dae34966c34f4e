import {
  formatMoney,
  parseMoney,
  type TApproval,
  type TLoan,
  type TMyLoans,
  type TMyVerification,
  V,
} from '@caravan/contracts';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  auditLog,
  fourEyesApprovals,
  loanAccruals,
  loanProducts,
  loanRepayments,
  loans,
  mailOutbox,
  notifications,
  staff,
  systemParams,
  users,
} from '../../db/schema';
import { createTestStaff, createTestUser, fundUser } from '../../testing/fixtures';
import { buildMultipart } from '../../testing/multipart';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import {
  checkLedger,
  getBalances,
  getPlatformBalance,
  postLedgerTransaction,
  withMoneyTransaction,
} from '../ledger';
import { catchUpLoan, runLoanAccrual } from './accrual';
import { remindDueLoans } from './reminders';
import { submitAdvanced } from './verification';

type TErr = { error: { code: string; message: string; details?: Record<string, unknown> } };
const TX_PASSWORD = '135790';
const m = (v: string) => parseMoney(v);
const DAY = 86_400_000;

describe('identity verification and loans', () => {
  let ctx: TTestContext;
  let db: Database;
  let kyc: { id: bigint; token: string };
  let reviewerA: { id: bigint; token: string };
  let reviewerB: { id: bigint; token: string };
  let png: Buffer;
  let idSeq = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    kyc = await createTestStaff(db, ['kyc.review']);
    reviewerA = await createTestStaff(db, ['loans.review']);
    reviewerB = await createTestStaff(db, ['loans.review']);
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function uploadImage(token: string, file: Buffer = png): Promise<string> {
    const body = buildMultipart(file, 'id.png', 'image/png', 'identity');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/verification/images',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ id: string }>(res).id;
  }

  function nextIdNumber(): string {
    idSeq += 1;
    return `X${process.pid % 1000}${String(idSeq).padStart(6, '0')}`;
  }

  async function submitRealName(token: string, idNumber = nextIdNumber()) {
    const front = await uploadImage(token);
    const back = await uploadImage(token);
    return call('POST', '/api/v1/verification/real-name', token, {
      realName: 'Amina Trader',
      nationality: 'ke',
      idType: 'id_card',
      idNumber,
      frontImageId: front,
      backImageId: back,
    });
  }

  /** A buyer with an approved real-name verification, a transaction password and wallet money. */
  async function verifiedBuyer(balance = '0') {
    const user = await createTestUser(db, { txPassword: TX_PASSWORD });
    const submitted = await submitRealName(user.token);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const approved = await call(
      'POST',
      `/api/v1/admin/verifications/${json<{ id: string }>(submitted).id}/review`,
      kyc.token,
      { decision: 'approve' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    if (balance !== '0') {
      await fundUser(db, user.id, balance);
    }
    return user;
  }

  async function products() {
    const res = await call('GET', '/api/v1/loans/products');
    expect(res.statusCode).toBe(200);
    return json<{ products: { id: string; code: string; minAmount: string; termOptions: number[] }[] }>(res)
      .products;
  }

  async function startupProductId(): Promise<string> {
    return (await products()).find((p) => p.code === 'startup')!.id;
  }

  async function apply(token: string, overrides: Record<string, unknown> = {}) {
    return call('POST', '/api/v1/loans', token, {
      productId: await startupProductId(),
      amount: '100000',
      termDays: 30,
      mode: 'bullet',
      purpose: 'Stock for the spring season',
      agreed: true,
      ...overrides,
    });
  }

  /** Sets the disbursement date of a loan `days` ago (the injected clock stays the real one). */
  async function backdate(loanId: string, days: number) {
    const on = new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
    await db
      .update(loans)
      .set({ disbursedOn: on })
      .where(eq(loans.id, BigInt(loanId)));
  }

  describe('verification', () => {
    it('walks real-name through review; advanced is refused before real-name is approved', async () => {
      const user = await createTestUser(db);
      const before = json<TMyVerification>(await call('GET', '/api/v1/verification', user.token));
      expect(before.realNameStatus).toBe('not_submitted');

      const selfie = await uploadImage(user.token);
      const proof = await uploadImage(user.token);
      const early = await call('POST', '/api/v1/verification/advanced', user.token, {
        selfieImageId: selfie,
        addressProofImageId: proof,
      });
      expect(early.statusCode).toBe(409);
      expect(json<TErr>(early).error.code).toBe('VERIFICATION_REAL_NAME_FIRST');

      const submitted = await submitRealName(user.token);
      expect(submitted.statusCode).toBe(201);
      const again = await submitRealName(user.token);
      expect(json<TErr>(again).error.code).toBe('VERIFICATION_PENDING');

      const id = json<{ id: string }>(submitted).id;
      const resubmit = await call('POST', `/api/v1/admin/verifications/${id}/review`, kyc.token, {
        decision: 'resubmit',
        reason: 'The back photo is blurred',
      });
      expect(resubmit.statusCode).toBe(200);
      const mine = json<TMyVerification>(await call('GET', '/api/v1/verification', user.token));
      expect(mine.realNameStatus).toBe('resubmit');
      expect(mine.realName?.reason).toBe('The back photo is blurred');

      const second = await submitRealName(user.token);
      expect(second.statusCode).toBe(201);
      await call('POST', `/api/v1/admin/verifications/${json<{ id: string }>(second).id}/review`, kyc.token, {
        decision: 'approve',
      });
      const advanced = await call('POST', '/api/v1/verification/advanced', user.token, {
        selfieImageId: selfie,
        addressProofImageId: proof,
      });
      expect(advanced.statusCode, advanced.body).toBe(201);
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'verification.resubmit'), eq(auditLog.targetId, id)));
      expect(audit?.details).toMatchObject({
        before: { status: 'reviewing' },
        after: { status: 'resubmit' },
      });
      // Each decision reaches the applicant, with the reviewer's reason where there is one.
      const told = await db
        .select({ event: notifications.event, params: notifications.params })
        .from(notifications)
        .where(eq(notifications.userId, user.id))
        .orderBy(notifications.id);
      expect(told).toEqual([
        {
          event: 'verification.resubmit',
          params: { verificationId: id, reason: 'The back photo is blurred' },
        },
        { event: 'verification.approved', params: { verificationId: json<{ id: string }>(second).id } },
      ]);
    });

    it('refuses the same photo as selfie and proof of address, at the route and in the service (QA accounts 7)', async () => {
      const user = await verifiedBuyer();
      const photo = await uploadImage(user.token);
      const refused = await call('POST', '/api/v1/verification/advanced', user.token, {
        selfieImageId: photo,
        addressProofImageId: photo,
      });
      expect(refused.statusCode).toBe(400);
      expect(json<TErr>(refused).error.details?.fields).toEqual([
        {
          field: 'addressProofImageId',
          message: 'The proof of address must be a different photo from the selfie',
        },
      ]);
      // The service refuses it without the route's schema too.
      await expect(
        submitAdvanced(db, {
          userId: user.id,
          request: { selfieImageId: photo, addressProofImageId: photo },
        }),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: [{ field: 'addressProofImageId', message: V.addressProofSameAsSelfie }] },
      });
      const mine = json<TMyVerification>(await call('GET', '/api/v1/verification', user.token));
      expect(mine.advancedStatus).toBe('not_submitted');
      // Two photos are taken.
      const proof = await uploadImage(user.token);
      const accepted = await call('POST', '/api/v1/verification/advanced', user.token, {
        selfieImageId: photo,
        addressProofImageId: proof,
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
    });

    it('refuses an ID number of another account, a malformed one, and pictures that are not images', async () => {
      const first = await createTestUser(db);
      const idNumber = nextIdNumber();
      expect((await submitRealName(first.token, idNumber)).statusCode).toBe(201);
      const second = await createTestUser(db);
      const taken = await submitRealName(second.token, idNumber.toLowerCase());
      expect(taken.statusCode).toBe(409);
      expect(json<TErr>(taken).error.code).toBe('VERIFICATION_ID_TAKEN');

      const front = await uploadImage(second.token);
      const passport = await call('POST', '/api/v1/verification/real-name', second.token, {
        realName: 'Second Buyer',
        nationality: 'DE',
        idType: 'passport',
        idNumber: 'ABCDEFGHIJ12',
        frontImageId: front,
      });
      expect(json<TErr>(passport).error.code).toBe('VERIFICATION_ID_INVALID');
      // Named by its field, so the form shows it beside the ID number, not only in a toast.
      expect(json<TErr>(passport).error.details?.fields).toEqual([
        { field: 'idNumber', message: 'The ID number does not fit the chosen ID type' },
      ]);

      // A code of the right shape that names no country is refused at the field, and nothing is stored.
      for (const nationality of ['ZZ', 'xx']) {
        const unknownCountry = await call('POST', '/api/v1/verification/real-name', second.token, {
          realName: 'Second Buyer',
          nationality,
          idType: 'passport',
          idNumber: 'C01X00T48',
          frontImageId: front,
        });
        expect(unknownCountry.statusCode).toBe(400);
        expect(json<TErr>(unknownCountry).error.code).toBe('VALIDATION_FAILED');
        expect(json<TErr>(unknownCountry).error.details?.fields).toEqual([
          { field: 'nationality', message: 'This is not one of the allowed values' },
        ]);
      }
      expect((await call('GET', '/api/v1/verification', second.token)).body).not.toContain('C01X00T48');
      // A name as on an ID: letters (any script), spaces, apostrophes, hyphens and dots; no emoji (QA accounts #10).
      for (const realName of ['Jane 😀 Doe', 'Jane <b>Doe</b>', 'R2D2 Unit']) {
        const symbol = await call('POST', '/api/v1/verification/real-name?lang=en', second.token, {
          realName,
          nationality: 'DE',
          idType: 'passport',
          idNumber: 'C01X00T48',
          frontImageId: front,
        });
        expect(symbol.statusCode, realName).toBe(400);
        expect(json<TErr>(symbol).error.details?.fields).toEqual([
          {
            field: 'realName',
            message: 'Enter the name as on your ID: letters, spaces, apostrophes, hyphens and dots only',
          },
        ]);
      }

      const notImage = buildMultipart(Buffer.from('%PDF-1.4 not a picture'), 'id.png', 'image/png');
      const upload = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/verification/images',
        headers: { ...bearer(second.token), ...notImage.headers },
        payload: notImage.payload,
      });
      expect(upload.statusCode).toBe(415);
      expect(json<TErr>(upload).error.code).toBe('IMAGE_TYPE_INVALID');

      // someone else's picture cannot be referenced
      const foreign = await call('POST', '/api/v1/verification/real-name', second.token, {
        realName: 'Second Buyer',
        nationality: 'DE',
        idType: 'passport',
        idNumber: 'C01X4567',
        frontImageId: await uploadImage(first.token),
      });
      expect(json<TErr>(foreign).error.code).toBe('VERIFICATION_IMAGE_INVALID');
    });

    it('serves identity pictures only to their owner and kyc staff, never under /uploads', async () => {
      const owner = await createTestUser(db);
      const other = await createTestUser(db);
      const imageId = await uploadImage(owner.token);
      const own = await call('GET', `/api/v1/verification/images/${imageId}`, owner.token);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/webp');
      expect(own.headers['cache-control']).toContain('no-store');
      expect((await sharp(own.rawPayload).metadata()).format).toBe('webp');

      expect((await call('GET', `/api/v1/verification/images/${imageId}`, other.token)).statusCode).toBe(404);
      expect((await call('GET', `/api/v1/verification/images/${imageId}`)).statusCode).toBe(401);
      expect((await call('GET', `/api/v1/admin/verifications/images/${imageId}`, kyc.token)).statusCode).toBe(
        200,
      );
      expect(
        (await call('GET', `/api/v1/admin/verifications/images/${imageId}`, reviewerA.token)).statusCode,
      ).toBe(403);
      const list = await call('GET', '/api/v1/admin/verifications?status=reviewing', reviewerA.token);
      expect(list.statusCode).toBe(403);
    });
  });

  describe('application, review and disbursement', () => {
    it('refuses bad applications with their SPEC messages and saves nothing', async () => {
      const unverified = await createTestUser(db);
      expect(json<TErr>(await apply(unverified.token)).error.code).toBe('LOAN_NOT_QUALIFIED');

      const user = await verifiedBuyer();
      const cases: [Record<string, unknown>, number, string][] = [
        [{ agreed: false }, 400, 'LOAN_AGREEMENT_REQUIRED'],
        [{ amount: '99999.99' }, 400, 'LOAN_BELOW_MIN'],
        [{ amount: '30000000.01' }, 400, 'LOAN_ABOVE_MAX'],
        [{ amount: '100000.001' }, 400, 'VALIDATION_FAILED'],
        [{ amount: '-100000' }, 400, 'VALIDATION_FAILED'],
        [{ termDays: 366 }, 400, 'VALIDATION_FAILED'],
        [{ termDays: 31 }, 400, 'LOAN_TERM_INVALID'],
        [{ amount: '2000000' }, 409, 'LOAN_NOT_QUALIFIED'],
        [{ purpose: 'x\u0000'.repeat(300) }, 400, 'VALIDATION_FAILED'],
        [{ productId: '99999999' }, 404, 'LOAN_PRODUCT_NOT_FOUND'],
      ];
      for (const [overrides, status, code] of cases) {
        const res = await apply(user.token, overrides);
        expect([res.statusCode, json<TErr>(res).error.code], JSON.stringify(overrides)).toEqual([
          status,
          code,
        ]);
      }
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(loans)
        .where(eq(loans.userId, user.id));
      expect(count?.n).toBe(0);
      // Too many decimals is told the rule (it read "an amount greater than 0").
      expect(json<TErr>(await apply(user.token, { amount: '100000.001' })).error.message).toBe(
        'Please enter an amount greater than 0 with at most 2 decimals',
      );

      expect((await apply(user.token)).statusCode).toBe(201);
      const second = await apply(user.token);
      expect(second.statusCode).toBe(409);
      expect(json<TErr>(second).error).toMatchObject({
        code: 'LOAN_PENDING_EXISTS',
        message: 'You already have a loan that is not yet repaid or decided',
      });
    });

    it('four-eyes above the threshold: a second, different reviewer disburses once from the loan book', async () => {
      const user = await verifiedBuyer();
      const applied = await apply(user.token, { amount: '1500000', productId: await startupProductId() });
      // above the advanced-verification amount of the start-up product: needs advanced verification
      expect(json<TErr>(applied).error.code).toBe('LOAN_NOT_QUALIFIED');
      await db
        .insert(systemParams)
        .values({ code: 'loan_four_eyes_threshold', value: '200000' })
        .onConflictDoUpdate({
          target: systemParams.code,
          set: { value: '200000' },
        });
      const res = await apply(user.token, { amount: '300000' });
      expect(res.statusCode, res.body).toBe(201);
      const loanId = json<TLoan>(res).id;
      const bookBefore = await getPlatformBalance(db, 'loan_book');

      const first = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerA.token, {
        amount: '250000',
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(json<TLoan>(first).status).toBe('reviewing');
      expect((await getBalances(db, user.id)).available).toBe(0n);

      const detail = await call('GET', `/api/v1/admin/loans/${loanId}`, reviewerB.token);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(json<{ loan: { needsSecondReview: boolean }; verification: unknown }>(detail)).toMatchObject({
        loan: { needsSecondReview: true },
        verification: { level: 'real_name' },
        // The second approval may give at most the first one's amount.
        approval: { minAmount: '100000.00', maxAmount: '250000.00', fourEyesThreshold: '200000.00' },
      });
      const same = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerA.token, {});
      expect(json<TErr>(same).error.code).toBe('LOAN_SAME_REVIEWER');
      const raised = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerB.token, {
        amount: '300000',
      });
      expect(json<TErr>(raised).error).toEqual({
        code: 'LOAN_APPROVAL_ABOVE_ASKED',
        message: 'An approval can lower the amount asked for, not raise it: at most 250,000.00 USDT',
        details: { field: 'amount', max: '250000.00' },
      });
      const belowProduct = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerB.token, {
        amount: '99999.99',
      });
      expect(json<TErr>(belowProduct).error).toMatchObject({
        code: 'LOAN_BELOW_MIN',
        details: { field: 'amount', min: '100000.00' },
      });

      const second = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerB.token, {});
      expect(second.statusCode, second.body).toBe(200);
      // Less than the 300,000 asked: an offer the borrower accepts before anything is credited (loan-offers.test.ts).
      const offer = json<TLoan>(second);
      expect(offer).toMatchObject({ status: 'approved', approvedAmount: '250000.00' });
      expect((await getBalances(db, user.id)).available).toBe(0n);
      const accepted = await call('POST', `/api/v1/loans/${loanId}/accept`, user.token, {});
      expect(accepted.statusCode, accepted.body).toBe(200);
      const loan = json<TLoan>(accepted);
      expect(loan.status).toBe('disbursed');
      expect(loan.approvedAmount).toBe('250000.00');
      expect(loan.schedule).toHaveLength(1);
      expect((await getBalances(db, user.id)).available).toBe(m('250000'));
      expect(await getPlatformBalance(db, 'loan_book')).toBe(bookBefore - m('250000'));

      const third = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerA.token, {});
      expect(json<TErr>(third).error.code).toBe('RECORD_ALREADY_REVIEWED');
      const decided = await call('GET', `/api/v1/admin/loans/${loanId}`, reviewerB.token);
      expect(json<{ approval: unknown }>(decided).approval).toBeNull();
      expect((await getBalances(db, user.id)).available).toBe(m('250000'));

      const audits = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'loan'), eq(auditLog.targetId, loanId)));
      // Both staff approvals, and the borrower's accept of the offer (actor: the borrower, no staff member).
      expect(audits.map((a) => a.action).sort()).toEqual([
        'loan.approve',
        'loan.first_approval',
        'loan.offer_accept',
      ]);
      expect(audits.find((a) => a.action === 'loan.offer_accept')?.staffId).toBeNull();
      const sent = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), like(notifications.event, 'loan.%')))
        .orderBy(asc(notifications.id));
      expect(sent.map((n) => [n.event, n.params])).toEqual([
        ['loan.offered', { loanId, amount: '250000.00', expiresAt: offer.offerExpiresAt }],
        ['loan.disbursed', { loanId, amount: '250000.00' }],
      ]);
      const movements = json<{ movements: { kind: string; amount: string }[] }>(
        await call('GET', `/api/v1/admin/loans/${loanId}`, reviewerB.token),
      ).movements;
      expect(movements).toEqual([
        expect.objectContaining({ kind: 'loan_disbursement', amount: '250000.00' }),
      ]);
      const list = await call('GET', '/api/v1/admin/loans?status=disbursed', reviewerA.token);
      expect(list.statusCode).toBe(200);
      expect((await checkLedger(db)).isOk).toBe(true);
      await db
        .update(systemParams)
        .set({ value: '1000000' })
        .where(eq(systemParams.code, 'loan_four_eyes_threshold'));
    });

    it('a threshold set through the settings endpoint applies to the next approval', async () => {
      const settings = await createTestStaff(db, ['settings.manage']);
      const put = await call('PUT', '/api/v1/admin/system-params/loan_four_eyes_threshold', settings.token, {
        value: '200000',
      });
      expect(put.statusCode, put.body).toBe(200);
      const user = await verifiedBuyer();
      const loanId = json<TLoan>(await apply(user.token, { amount: '300000' })).id;
      const first = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerA.token, {});
      expect(json<TLoan>(first).status).toBe('reviewing');
      await call('PUT', '/api/v1/admin/system-params/loan_four_eyes_threshold', settings.token, {
        value: '1000000',
      });
    });

    it('a loan above the threshold waits in the second-approval queue with the first approver; approved or declined there', async () => {
      await db
        .insert(systemParams)
        .values({ code: 'loan_four_eyes_threshold', value: '200000' })
        .onConflictDoUpdate({ target: systemParams.code, set: { value: '200000' } });
      await db.update(staff).set({ displayName: 'Amina First' }).where(eq(staff.id, reviewerA.id));
      await db.update(staff).set({ displayName: 'Bruno Second' }).where(eq(staff.id, reviewerB.id));
      const waitingLoans = async (token: string) => {
        const res = await call('GET', '/api/v1/admin/approvals?action=loan&status=waiting', token);
        expect(res.statusCode, res.body).toBe(200);
        return json<{ pageList: TApproval[] }>(res).pageList;
      };
      const user = await verifiedBuyer();
      const loanId = json<TLoan>(await apply(user.token, { amount: '300000' })).id;
      const first = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerA.token, {
        amount: '250000',
      });
      expect(json<TLoan>(first).status).toBe('reviewing');
      expect((await waitingLoans(reviewerB.token)).find((a) => a.targetId === loanId)).toMatchObject({
        action: 'loan',
        amount: '250000.00',
        threshold: '200000.00',
        firstStaffId: String(reviewerA.id),
        firstStaffName: 'Amina First',
        userId: String(user.id),
      });
      // Finance reviewers see their own actions only; loans need loans.review.
      const finance = await createTestStaff(db, ['finance.review']);
      expect(await waitingLoans(finance.token)).toEqual([]);
      const approvalId = (await waitingLoans(reviewerB.token)).find((a) => a.targetId === loanId)!.id;
      const byFinance = await call(
        'POST',
        `/api/v1/admin/approvals/${approvalId}/approve`,
        finance.token,
        {},
      );
      expect(byFinance.statusCode).toBe(403);
      const own = await call('POST', `/api/v1/admin/approvals/${approvalId}/approve`, reviewerA.token, {});
      expect(json<TErr>(own).error.code).toBe('LOAN_SAME_REVIEWER');

      // Declined in the queue: the loan waits for a first review again, nothing is paid.
      const declined = await call('POST', `/api/v1/admin/approvals/${approvalId}/decline`, reviewerB.token, {
        reason: 'Check the business plan first',
      });
      expect(declined.statusCode, declined.body).toBe(200);
      const [reopened] = await db
        .select()
        .from(loans)
        .where(eq(loans.id, BigInt(loanId)));
      expect(reopened).toMatchObject({
        status: 'applying',
        firstReviewerStaffId: null,
        firstApprovedAmount: null,
      });
      expect((await waitingLoans(reviewerA.token)).some((a) => a.targetId === loanId)).toBe(false);
      expect((await getBalances(db, user.id)).available).toBe(0n);

      // First approval by B, second from the queue by A: disbursed once, the row names both.
      await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerB.token, {});
      const again = (await waitingLoans(reviewerA.token)).find((a) => a.targetId === loanId)!;
      expect(again).toMatchObject({ amount: '300000.00', firstStaffName: 'Bruno Second' });
      const approved = await call('POST', `/api/v1/admin/approvals/${again.id}/approve`, reviewerA.token, {});
      expect(approved.statusCode, approved.body).toBe(200);
      expect(json<TApproval>(approved)).toMatchObject({ status: 'approved', secondStaffName: 'Amina First' });
      const [paid] = await db
        .select()
        .from(loans)
        .where(eq(loans.id, BigInt(loanId)));
      expect(paid!.status).toBe('disbursed');
      expect((await getBalances(db, user.id)).available).toBe(m('300000'));
      const twice = await call('POST', `/api/v1/admin/approvals/${again.id}/approve`, reviewerB.token, {});
      expect(twice.statusCode).toBe(409);
      expect((await getBalances(db, user.id)).available).toBe(m('300000'));
      const audits = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'loan'), eq(auditLog.targetId, loanId)));
      expect(audits.map((a) => a.action).sort()).toEqual([
        'loan.approve',
        'loan.first_approval',
        'loan.first_approval',
        'loan.second_approval_declined',
      ]);

      // Approved on the loan page instead, or rejected: the queue row closes with it.
      const other = await verifiedBuyer();
      const otherId = json<TLoan>(await apply(other.token, { amount: '300000' })).id;
      await call('POST', `/api/v1/admin/loans/${otherId}/approve`, reviewerA.token, {});
      await call('POST', `/api/v1/admin/loans/${otherId}/reject`, reviewerB.token, { reason: 'Too early' });
      const rows = await db
        .select({ status: fourEyesApprovals.status })
        .from(fourEyesApprovals)
        .where(and(eq(fourEyesApprovals.action, 'loan'), eq(fourEyesApprovals.targetId, otherId)));
      expect(rows).toEqual([{ status: 'cancelled' }]);
      await db
        .update(systemParams)
        .set({ value: '1000000' })
        .where(eq(systemParams.code, 'loan_four_eyes_threshold'));
    });

    it('a rejected loan fails with its reason and may be applied for again', async () => {
      const user = await verifiedBuyer();
      const loanId = json<TLoan>(await apply(user.token)).id;
      const rejected = await call('POST', `/api/v1/admin/loans/${loanId}/reject`, reviewerA.token, {
        reason: 'Business plan missing',
      });
      expect(rejected.statusCode).toBe(200);
      const mine = json<{ current: TLoan }>(await call('GET', '/api/v1/loans/mine', user.token));
      expect(mine.current.status).toBe('failed');
      expect(mine.current.rejectReason).toBe('Business plan missing');
      expect((await apply(user.token)).statusCode).toBe(201);
    });

    it('the loan history comes in pages, so every earlier loan can be seen (it stopped at the latest 50)', async () => {
      const user = await verifiedBuyer();
      const ids: string[] = [];
      for (let i = 0; i < 12; i += 1) {
        const loanId = json<TLoan>(await apply(user.token)).id;
        ids.push(loanId);
        await call('POST', `/api/v1/admin/loans/${loanId}/reject`, reviewerA.token, { reason: `No ${i}` });
      }
      const first = json<TMyLoans>(await call('GET', '/api/v1/loans/mine', user.token));
      expect(first.current?.id).toBe(ids[11]);
      expect(first).toMatchObject({ historyTotal: 11, pageNum: 1, pageSize: 10 });
      expect(first.history.map((l) => l.id)).toEqual(ids.slice(1, 11).reverse());
      const second = json<TMyLoans>(await call('GET', '/api/v1/loans/mine?pageNum=2', user.token));
      // The current loan comes with every page; the oldest loan is on the second.
      expect(second.current?.id).toBe(ids[11]);
      expect(second.history.map((l) => l.id)).toEqual([ids[0]]);
      const bySix = json<TMyLoans>(await call('GET', '/api/v1/loans/mine?pageNum=2&pageSize=6', user.token));
      expect(bySix.history.map((l) => l.id)).toEqual(ids.slice(0, 5).reverse());
      for (const query of ['pageNum=0', 'pageSize=101', 'pageNum=x', 'other=1']) {
        expect((await call('GET', `/api/v1/loans/mine?${query}`, user.token)).statusCode, query).toBe(400);
      }
    });

    it('a second buyer is refused every endpoint of the first buyer’s verification and loans', async () => {
      const first = await verifiedBuyer('1000');
      const second = await createTestUser(db, { txPassword: TX_PASSWORD });
      const noPassword = await createTestUser(db);
      const loanId = json<TLoan>(await apply(first.token)).id;
      await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerA.token, {});
      const mine = json<TMyVerification>(await call('GET', '/api/v1/verification', first.token));
      const imageId = mine.realName!.images.front!;

      expect((await call('GET', `/api/v1/loans/${loanId}`, second.token)).statusCode).toBe(404);
      const repay = await call('POST', `/api/v1/loans/${loanId}/repay`, second.token, {
        kind: 'all',
        txPassword: TX_PASSWORD,
      });
      expect(repay.statusCode).toBe(404);
      const withoutPassword = await call('POST', `/api/v1/loans/${loanId}/repay`, noPassword.token, {
        kind: 'all',
        txPassword: TX_PASSWORD,
      });
      expect(withoutPassword.statusCode).toBe(404);
      expect((await call('GET', `/api/v1/verification/images/${imageId}`, second.token)).statusCode).toBe(
        404,
      );
      const theirs = json<{ current: TLoan | null }>(await call('GET', '/api/v1/loans/mine', second.token));
      expect(theirs.current).toBeNull();
      const theirVerification = json<TMyVerification>(
        await call('GET', '/api/v1/verification', second.token),
      );
      expect(theirVerification.realName).toBeNull();
      // a buyer session is not a staff session
      for (const url of [
        `/api/v1/admin/loans/${loanId}`,
        '/api/v1/admin/verifications',
        '/api/v1/admin/loans/book',
      ]) {
        expect((await call('GET', url, second.token)).statusCode).toBe(401);
      }
      expect(
        (await call('POST', `/api/v1/admin/loans/${loanId}/reject`, second.token, { reason: 'x' }))
          .statusCode,
      ).toBe(401);
      // and the first buyer's loan is untouched
      expect(json<TLoan>(await call('GET', `/api/v1/loans/${loanId}`, first.token)).status).toBe('disbursed');
    });
  });

  describe('accrual, overdue and repayment', () => {
    async function disbursedLoan(options: {
      amount?: string;
      termDays?: number;
      mode?: string;
      balance?: string;
    }) {
      const user = await verifiedBuyer(options.balance ?? '0');
      const res = await apply(user.token, {
        amount: options.amount ?? '100000',
        termDays: options.termDays ?? 30,
        mode: options.mode ?? 'bullet',
      });
      expect(res.statusCode, res.body).toBe(201);
      const loanId = json<TLoan>(res).id;
      const approved = await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerA.token, {});
      expect(json<TLoan>(approved).status).toBe('disbursed');
      return { user, loanId };
    }

    it('accrues each day once, catches up missed days, and two runs at once do not double it', async () => {
      const { loanId } = await disbursedLoan({});
      await backdate(loanId, 10);
      const now = new Date();
      await Promise.all([runLoanAccrual(db, now), runLoanAccrual(db, now)]);
      await runLoanAccrual(db, now);
      const rows = await db
        .select()
        .from(loanAccruals)
        .where(eq(loanAccruals.loanId, BigInt(loanId)));
      expect(rows.map((r) => r.day).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const [loan] = await db
        .select()
        .from(loans)
        .where(eq(loans.id, BigInt(loanId)));
      // 100,000 x 0.0005 = 50 a day
      expect(loan!.interestAccrued).toBe(m('500'));
      expect(loan!.accruedThroughDay).toBe(10);
      // a second catch-up on the same day does nothing
      await withMoneyTransaction(db, (tx) => catchUpLoan(tx, BigInt(loanId), now));
      const [same] = await db
        .select()
        .from(loans)
        .where(eq(loans.id, BigInt(loanId)));
      expect(same!.interestAccrued).toBe(m('500'));
    });

    it('past the due date plus grace the loan is overdue with a penalty; repayment pays penalty, interest, principal', async () => {
      const { user, loanId } = await disbursedLoan({ balance: '10000' });
      // term 30 days, grace 3: day 34 is the first overdue day; 40 days after disbursement
      await backdate(loanId, 40);
      await runLoanAccrual(db, new Date());
      const loan = json<TLoan>(await call('GET', `/api/v1/loans/${loanId}`, user.token));
      expect(loan.status).toBe('overdue');
      expect(loan.interestAccrued).toBe('1500.00');
      // penalty: days 34..40 on 101,500 owed at 0.1 % a day = 7 x 101.5
      expect(loan.penaltyOwed).toBe('710.50');
      // Overdue from day 34 (the grace days are not): 7 days, as many as the penalty's, and the timeline says so.
      expect(loan.overdueDays).toBe(7);
      const day34 = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
      expect(loan.events.find((e) => e.kind === 'overdue')?.at).toBe(`${day34}T00:00:00.000Z`);
      expect(loan.schedule[0]!.state).toBe('overdue');
      const overdueNotes = await db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(overdueNotes.filter((n) => n.event === 'loan.overdue')).toHaveLength(1);

      const part = await call('POST', `/api/v1/loans/${loanId}/repay`, user.token, {
        kind: 'amount',
        amount: '1000',
        txPassword: TX_PASSWORD,
      });
      expect(part.statusCode, part.body).toBe(200);
      expect(json<{ repayment: Record<string, string> }>(part).repayment).toMatchObject({
        penalty: '710.50',
        interest: '289.50',
        principal: '0.00',
      });
      const wrong = await call('POST', `/api/v1/loans/${loanId}/repay`, user.token, {
        kind: 'all',
        txPassword: '000000',
      });
      expect(json<TErr>(wrong).error.code).toBe('TX_PASSWORD_WRONG');
      // the borrower spent the loan: what is left in the wallet cannot repay it all
      const left = (await getBalances(db, user.id)).available;
      await withMoneyTransaction(db, (tx) =>
        postLedgerTransaction(tx, {
          idempotencyKey: `test-spend:${loanId}`,
          kind: 'transfer',
          postings: [
            { account: { kind: 'user_available', userId: user.id }, amount: -(left - m('500')) },
            { account: { kind: 'chain_clearing' }, amount: left - m('500') },
          ],
        }),
      );
      const poor = await call('POST', `/api/v1/loans/${loanId}/repay`, user.token, {
        kind: 'all',
        txPassword: TX_PASSWORD,
      });
      expect(json<TErr>(poor).error.code).toBe('INSUFFICIENT_BALANCE');
      const tooMuch = await call('POST', `/api/v1/loans/${loanId}/repay`, user.token, {
        kind: 'amount',
        amount: '999999',
        txPassword: TX_PASSWORD,
      });
      expect(json<TErr>(tooMuch).error.code).toBe('LOAN_REPAY_TOO_MUCH');

      await fundUser(db, user.id, '200000');
      const all = await call('POST', `/api/v1/loans/${loanId}/repay`, user.token, {
        kind: 'all',
        txPassword: TX_PASSWORD,
      });
      expect(all.statusCode, all.body).toBe(200);
      const repaid = json<{ loan: TLoan }>(all).loan;
      expect(repaid.status).toBe('repaid');
      expect(repaid.totalOwed).toBe('0.00');
      expect(repaid.schedule.every((line) => line.state === 'paid')).toBe(true);
      // overdue history: the next application is refused
      const again = await apply(user.token);
      expect(json<TErr>(again).error).toMatchObject({
        code: 'LOAN_NOT_QUALIFIED',
        details: { reason: 'overdue_history' },
      });
      expect((await checkLedger(db)).isOk).toBe(true);
    });

    it('reminds of an instalment due soon once, in the app and by mail', async () => {
      const { user, loanId } = await disbursedLoan({});
      await db
        .update(users)
        .set({ email: `remind${user.id}@example.com`, lang: 'de' })
        .where(eq(users.id, user.id));
      // due on day 30; reminded from 3 days before
      await backdate(loanId, 26);
      expect(await remindDueLoans(db, new Date())).toBe(0);
      await backdate(loanId, 28);
      await remindDueLoans(db, new Date());
      await remindDueLoans(db, new Date());
      const reminders = await db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(reminders.filter((n) => n.event === 'loan.dueSoon').map((n) => n.params)).toEqual([
        {
          loanId,
          dueDate: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10),
          amount: expect.any(String),
        },
      ]);
      const mails = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, `remind${user.id}@example.com`));
      expect(mails.map((m) => [m.template, m.lang])).toEqual([['loanDueSoon', 'de']]);
    });

    it('early repayment owes interest to date only', async () => {
      const { user, loanId } = await disbursedLoan({
        balance: '1000',
        termDays: 90,
        mode: 'equal_instalments',
      });
      await backdate(loanId, 5);
      const before = (await getBalances(db, user.id)).available;
      const res = await call('POST', `/api/v1/loans/${loanId}/repay`, user.token, {
        kind: 'all',
        txPassword: TX_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(200);
      // 5 days x 50
      expect(json<{ repayment: Record<string, string> }>(res).repayment).toMatchObject({
        interest: '250.00',
        principal: '100000.00',
        penalty: '0.00',
      });
      expect(before - (await getBalances(db, user.id)).available).toBe(m('100250'));
      // The plan says what was paid: 5 days of interest in the first period, none after it (QA: a line showed a
      // whole period's interest, never charged), and the timeline ends with the repayment, then "repaid".
      const loan = json<TLoan>(await call('GET', `/api/v1/loans/${loanId}`, user.token));
      expect(loan.schedule.map((line) => [line.interest, line.state])).toEqual([
        ['250.00', 'paid'],
        ['0.00', 'paid'],
        ['0.00', 'paid'],
      ]);
      const principals = loan.schedule.map((line) => m(line.principal));
      expect(principals.reduce((sum, p) => sum + p, 0n)).toBe(m('100000'));
      expect(loan.schedule.map((line) => line.balanceAfter)).toEqual(['0.00', '0.00', '0.00']);
      expect(loan.events.slice(-2).map((event) => event.kind)).toEqual(['repayment', 'repaid']);
    });

    it('after repaying part early, the plan asks for what is left of each line, as the next instalment does', async () => {
      const { user, loanId } = await disbursedLoan({
        balance: '60000',
        termDays: 90,
        mode: 'equal_instalments',
      });
      const fresh = json<TLoan>(await call('GET', `/api/v1/loans/${loanId}`, user.token));
      // Untouched, the plan is the agreement's: 3 instalments of about 34,0xx on 100,000 at 0.05 % a day.
      expect(fresh.schedule[0]).toMatchObject({ interest: '1500.00', state: 'due' });
      const [first, second] = fresh.schedule.map((line) => m(line.principal));
      const res = await call('POST', `/api/v1/loans/${loanId}/repay`, user.token, {
        kind: 'amount',
        amount: '50000',
        txPassword: TX_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(200);
      const loan = json<TLoan>(await call('GET', `/api/v1/loans/${loanId}`, user.token));
      // 50,000 paid covers the first line's principal: it asks for its interest on the 50,000 left (30 x 25), which is
      // what the next instalment says (QA: it still showed the whole first instalment).
      expect(loan.schedule[0]).toMatchObject({
        principal: '0.00',
        interest: '750.00',
        total: '750.00',
        state: 'due',
      });
      expect(loan.nextDue).toBe('750.00');
      // The second line: what the plan's first two lines take beyond the 50,000 paid, with interest on 50,000.
      expect(m(loan.schedule[1]!.principal)).toBe(first! + second! - m('50000'));
      expect(loan.schedule[1]!.interest).toBe('750.00');
      expect(m(loan.schedule[1]!.balanceAfter)).toBe(m('100000') - first! - second!);
      // Every line's principal adds up to what is still owed.
      const principals = loan.schedule.map((line) => m(line.principal));
      expect(principals.reduce((sum, p) => sum + p, 0n)).toBe(m('50000'));
      expect(loan.schedule.at(-1)!.balanceAfter).toBe('0.00');
    });

    it('an instalment cannot be paid before its interest accrues; paid when due, it never falls overdue', async () => {
      const { user, loanId } = await disbursedLoan({
        balance: '10000',
        termDays: 90,
        mode: 'interest_first',
      });
      const repay = (body: object) =>
        call('POST', `/api/v1/loans/${loanId}/repay`, user.token, { txPassword: TX_PASSWORD, ...body });
      const read = async () => json<TLoan>(await call('GET', `/api/v1/loans/${loanId}`, user.token));
      const fresh = await read();
      // Day 0: the first instalment (30 days of interest on 100,000 at 0.05 %) is all still to accrue.
      expect(fresh).toMatchObject({ nextDue: '1500.00', nextPayableNow: '0.00' });
      const early = await repay({ kind: 'next' });
      expect(early.statusCode).toBe(409);
      expect(json<TErr>(early).error).toMatchObject({
        code: 'LOAN_NOTHING_DUE_YET',
        details: { dueDate: fresh.nextDueDate },
      });
      // Before, "next" took 1,500 here as principal, the instalment stayed unpaid and the loan fell overdue.
      const ahead = await repay({ kind: 'amount', amount: '1500' });
      expect(json<{ repayment: Record<string, string> }>(ahead).repayment).toMatchObject({
        principal: '1500.00',
      });
      expect(await read()).toMatchObject({ nextDue: '1477.50', nextPayableNow: '0.00' });

      await backdate(loanId, 30);
      await runLoanAccrual(db, new Date());
      expect(await read()).toMatchObject({ nextDue: '1477.50', nextPayableNow: '1477.50' });
      const due = await repay({ kind: 'next' });
      expect(json<{ repayment: Record<string, string> }>(due).repayment).toMatchObject({
        interest: '1477.50',
        principal: '0.00',
      });
      expect((await read()).schedule[0]!.state).toBe('paid');

      await backdate(loanId, 34);
      await runLoanAccrual(db, new Date());
      const later = await read();
      expect(later).toMatchObject({ status: 'disbursed', overdueDays: 0 });
      expect(later.schedule.map((line) => line.state)).toEqual(['paid', 'due', 'upcoming']);
    });

    it('a repayment retried with the same Idempotency-Key moves money once', async () => {
      const { user, loanId } = await disbursedLoan({ balance: '1000' });
      await backdate(loanId, 2);
      const send = () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v1/loans/${loanId}/repay`,
          headers: { ...bearer(user.token), 'idempotency-key': `repay-${loanId}` },
          payload: { kind: 'amount', amount: '500', txPassword: TX_PASSWORD },
        });
      const first = await send();
      const again = await send();
      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const rows = await db
        .select()
        .from(loanRepayments)
        .where(eq(loanRepayments.loanId, BigInt(loanId)));
      expect(rows.map((r) => r.amount)).toEqual([m('500')]);
    });
  });

  describe('found by the QA pass of 2026-12-04', () => {
    const inLanguage = (
      method: 'GET' | 'POST',
      url: string,
      token: string,
      lang: string,
      payload?: unknown,
    ) =>
      ctx.app.inject({
        method,
        url,
        headers: { ...bearer(token), 'accept-language': lang },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    it('an approval, first or second, is refused while the borrower’s account is disabled or cancelled; the drawer shows it', async () => {
      await db
        .insert(systemParams)
        .values({ code: 'loan_four_eyes_threshold', value: '200000' })
        .onConflictDoUpdate({ target: systemParams.code, set: { value: '200000' } });
      const user = await verifiedBuyer();
      const small = json<TLoan>(await apply(user.token)).id;
      await db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
      const detail = await call('GET', `/api/v1/admin/loans/${small}`, reviewerA.token);
      expect(json<{ loan: { userStatus: string } }>(detail).loan.userStatus).toBe('disabled');
      const refused = await call('POST', `/api/v1/admin/loans/${small}/approve`, reviewerA.token, {});
      expect(refused.statusCode).toBe(403);
      expect(json<TErr>(refused).error.code).toBe('USER_DISABLED');
      await db.update(users).set({ status: 'cancelled' }).where(eq(users.id, user.id));
      const closed = await call('POST', `/api/v1/admin/loans/${small}/approve`, reviewerA.token, {});
      expect(json<TErr>(closed).error.code).toBe('ACCOUNT_CANCELLED');
      expect((await getBalances(db, user.id)).available).toBe(0n);
      await db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
      await call('POST', `/api/v1/admin/loans/${small}/reject`, reviewerA.token, { reason: 'QA' });

      // Above the threshold: the first approval passes, the account is disabled, the queue's second one is refused.
      const big = json<TLoan>(await apply(user.token, { amount: '300000' })).id;
      const first = await call('POST', `/api/v1/admin/loans/${big}/approve`, reviewerA.token, {});
      expect(json<TLoan>(first).status).toBe('reviewing');
      await db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
      const queue = await call('GET', '/api/v1/admin/approvals?action=loan&status=waiting', reviewerB.token);
      const waiting = json<{ pageList: TApproval[] }>(queue).pageList.find((a) => a.targetId === big)!;
      const second = await call('POST', `/api/v1/admin/approvals/${waiting.id}/approve`, reviewerB.token, {});
      expect(json<TErr>(second).error.code).toBe('USER_DISABLED');
      const direct = await call('POST', `/api/v1/admin/loans/${big}/approve`, reviewerB.token, {});
      expect(json<TErr>(direct).error.code).toBe('USER_DISABLED');
      const [kept] = await db
        .select()
        .from(loans)
        .where(eq(loans.id, BigInt(big)));
      expect(kept!.status).toBe('reviewing');
      expect((await getBalances(db, user.id)).available).toBe(0n);
      await db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
      await call('POST', `/api/v1/admin/loans/${big}/reject`, reviewerB.token, { reason: 'QA' });
      await db
        .update(systemParams)
        .set({ value: '1000000' })
        .where(eq(systemParams.code, 'loan_four_eyes_threshold'));
    });

    it('the second-approval queue names the borrower of a loan', async () => {
      await db
        .insert(systemParams)
        .values({ code: 'loan_four_eyes_threshold', value: '200000' })
        .onConflictDoUpdate({ target: systemParams.code, set: { value: '200000' } });
      const user = await verifiedBuyer();
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      const loanId = json<TLoan>(await apply(user.token, { amount: '300000' })).id;
      await call('POST', `/api/v1/admin/loans/${loanId}/approve`, reviewerA.token, {});
      const queue = await call('GET', '/api/v1/admin/approvals?action=loan&status=waiting', reviewerB.token);
      const waiting = json<{ pageList: TApproval[] }>(queue).pageList.find((a) => a.targetId === loanId)!;
      expect(waiting.facts).toMatchObject({
        userName: row!.username ?? row!.usercode,
        usercode: row!.usercode,
      });
      await call('POST', `/api/v1/admin/loans/${loanId}/reject`, reviewerB.token, { reason: 'QA' });
      await db
        .update(systemParams)
        .set({ value: '1000000' })
        .where(eq(systemParams.code, 'loan_four_eyes_threshold'));
    });

    it("the second-approval queue shows a loan's terms, the amount asked and approved, and the identity checks", async () => {
      await db
        .insert(systemParams)
        .values({ code: 'loan_four_eyes_threshold', value: '200000' })
        .onConflictDoUpdate({ target: systemParams.code, set: { value: '200000' } });
      const user = await verifiedBuyer();
      const productId = await startupProductId();
      const [product] = await db
        .select()
        .from(loanProducts)
        .where(eq(loanProducts.id, BigInt(productId)));
      const loan = json<TLoan>(await apply(user.token, { amount: '300000.50', mode: 'interest_first' }));
      const first = await call('POST', `/api/v1/admin/loans/${loan.id}/approve`, reviewerA.token, {
        amount: '250000.25',
      });
      expect(first.statusCode, first.body).toBe(200);
      const queue = await call('GET', '/api/v1/admin/approvals?action=loan&status=waiting', reviewerB.token);
      const waiting = json<{ pageList: TApproval[] }>(queue).pageList.find((a) => a.targetId === loan.id)!;
      expect(waiting.amount).toBe('250000.25');
      expect(waiting.facts?.loan).toEqual({
        productKind: product!.kind,
        productName: product!.name,
        termDays: 30,
        dailyRate: loan.dailyRate,
        mode: 'interest_first',
        amountAsked: '300000.50',
        firstApprovedAmount: '250000.25',
        realNameStatus: 'approved',
        advancedStatus: 'not_submitted',
      });
      await call('POST', `/api/v1/admin/loans/${loan.id}/reject`, reviewerB.token, { reason: 'QA' });
      await db
        .update(systemParams)
        .set({ value: '1000000' })
        .where(eq(systemParams.code, 'loan_four_eyes_threshold'));
    });

    it('an overdue history is said before the form (my loans) and named in the refusal', async () => {
      const user = await verifiedBuyer();
      const clean = json<{ hasOverdueHistory: boolean }>(await call('GET', '/api/v1/loans/mine', user.token));
      expect(clean.hasOverdueHistory).toBe(false);
      const loanId = json<TLoan>(await apply(user.token)).id;
      await call('POST', `/api/v1/admin/loans/${loanId}/reject`, reviewerA.token, { reason: 'QA' });
      // A loan that went overdue once and was repaid (the state the repayment leaves; set here directly).
      await db
        .update(loans)
        .set({ status: 'repaid', hasBeenOverdue: true })
        .where(eq(loans.id, BigInt(loanId)));
      const mine = json<{ hasOverdueHistory: boolean }>(await call('GET', '/api/v1/loans/mine', user.token));
      expect(mine.hasOverdueHistory).toBe(true);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/loans',
        headers: { ...bearer(user.token), 'accept-language': 'en' },
        payload: {
          productId: await startupProductId(),
          amount: '100000',
          termDays: 30,
          mode: 'bullet',
          purpose: 'Stock',
          agreed: true,
        },
      });
      expect(json<TErr>(refused).error).toMatchObject({
        code: 'LOAN_NOT_QUALIFIED',
        details: { reason: 'overdue_history' },
        message: 'Qualification conditions are not met: an earlier loan of yours was overdue',
      });
      const unverified = await createTestUser(db);
      const needsVerification = await inLanguage('POST', '/api/v1/loans', unverified.token, 'en', {
        productId: await startupProductId(),
        amount: '100000',
        termDays: 30,
        mode: 'bullet',
        purpose: 'Stock',
        agreed: true,
      });
      expect(json<TErr>(needsVerification).error.message).toBe(
        'Qualification conditions are not met: your real-name verification is not approved yet',
      );
    });

    it('a loan or verification rejection without a reason says the reason is required', async () => {
      const user = await verifiedBuyer();
      const loanId = json<TLoan>(await apply(user.token)).id;
      for (const payload of [{}, { reason: '   ' }]) {
        const res = await inLanguage(
          'POST',
          `/api/v1/admin/loans/${loanId}/reject`,
          reviewerA.token,
          'en',
          payload,
        );
        expect(res.statusCode).toBe(400);
        expect(json<TErr>(res).error.message).toBe('This field is required');
      }
      const long = await inLanguage('POST', `/api/v1/admin/loans/${loanId}/reject`, reviewerA.token, 'en', {
        reason: 'x'.repeat(256),
      });
      expect(json<TErr>(long).error.message).toBe('Please enter a reason of at most 255 characters');
      await call('POST', `/api/v1/admin/loans/${loanId}/reject`, reviewerA.token, { reason: 'QA' });
      const other = await createTestUser(db);
      const submitted = json<{ id: string }>(await submitRealName(other.token));
      const noReason = await inLanguage(
        'POST',
        `/api/v1/admin/verifications/${submitted.id}/review`,
        kyc.token,
        'en',
        { decision: 'reject' },
      );
      expect(noReason.statusCode).toBe(400);
      expect(json<TErr>(noReason).error.message).toBe('This field is required');
    });

    it('an ID card’s back must be another photo than its front', async () => {
      const user = await createTestUser(db);
      const front = await uploadImage(user.token);
      const res = await inLanguage('POST', '/api/v1/verification/real-name', user.token, 'pt', {
        realName: 'Amina Trader',
        nationality: 'ke',
        idType: 'id_card',
        idNumber: nextIdNumber(),
        frontImageId: front,
        backImageId: front,
      });
      expect(res.statusCode).toBe(400);
      const error = json<TErr>(res).error;
      expect(error.details?.fields).toEqual([
        { field: 'backImageId', message: 'O verso do documento deve ser uma foto diferente da frente' },
      ]);
    });
  });

  it('the loan book equals the sum of open loans and the ledger stays balanced', async () => {
    const book = await call('GET', '/api/v1/admin/loans/book', reviewerA.token);
    expect(book.statusCode).toBe(200);
    const body = json<{ outstandingPrincipal: string; ledgerLoanBook: string }>(book);
    const [open] = await db
      .select({ total: sql<string>`coalesce(sum(approved_amount - principal_paid), 0)::text` })
      .from(loans)
      .where(sql`${loans.status} in ('disbursed', 'overdue')`);
    expect(body.outstandingPrincipal).toBe(formatMoney(parseMoney(open!.total)));
    expect(body.ledgerLoanBook).toBe(body.outstandingPrincipal);
    expect((await checkLedger(db)).isOk).toBe(true);
  });
});
