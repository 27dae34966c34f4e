import {
  ORDER_STATUS,
  parseMoney,
  type TAdminRecharge,
  type TAdminWithdrawal,
  type TApproval,
  type TApprovalPage,
} from '@caravan/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditLog, fourEyesApprovals, orders, recharges, withdrawals } from '../../db/schema';
import { seedWalletBasics } from '../../db/seed/wallet';
import { createTestStaff, createTestUser, fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { checkLedger, getBalances } from '../ledger';
import { createTestProduct, createTestStore, placeTestOrder } from '../orders/test-fixtures';

type TErr = { error: { code: string } };
type TStaff = { id: bigint; token: string };
const TX_PASSWORD = '246810';
const TRON = 'TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust';
const HASH = (n: number) => n.toString(16).padStart(64, 'b');

describe('four-eyes on money approvals', () => {
  let ctx: TTestContext;
  let db: Database;
  let admin: TStaff;
  let financeA: TStaff;
  let financeB: TStaff;
  let financeC: TStaff;
  let ordersA: TStaff;
  let ordersB: TStaff;
  let support: TStaff;

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    await seedWalletBasics(db);
    admin = await createTestStaff(db, ['settings.manage', 'audit.read']);
    financeA = await createTestStaff(db, ['finance.review']);
    financeB = await createTestStaff(db, ['finance.review']);
    financeC = await createTestStaff(db, ['finance.review']);
    ordersA = await createTestStaff(db, ['orders.manage']);
    ordersB = await createTestStaff(db, ['orders.manage']);
    support = await createTestStaff(db, ['chat.answer']);
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
  const errorCode = (res: { json: () => unknown }) => (res.json() as TErr).error.code;

  async function setThreshold(action: 'withdrawal' | 'recharge' | 'refund', value: string) {
    const res = await call('PUT', `/api/v1/admin/system-params/four_eyes_${action}_threshold`, admin.token, {
      value,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A buyer with `balance` who applied for a withdrawal of `amount` (held). */
  async function withdrawalOf(amount: string, balance = '100000'): Promise<{ id: string; userId: bigint }> {
    const user = await createTestUser(db, { txPassword: TX_PASSWORD });
    await fundUser(db, user.id, balance);
    expect(
      (
        await call('POST', '/api/v1/wallet/withdraw-address', user.token, {
          network: 'USDT-TRC20',
          address: TRON,
        })
      ).statusCode,
    ).toBe(201);
    const session = json<{ sessionToken: string }>(
      await call('POST', '/api/v1/wallet/withdraw-session', user.token),
    ).sessionToken;
    const res = await call('POST', '/api/v1/wallet/withdrawals', user.token, {
      sessionToken: session,
      amount,
      txPassword: TX_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: json<{ id: string }>(res).id, userId: user.id };
  }

  /** A buyer who applied for a chain recharge of `amount` USDT (tx hash number `hash`). */
  async function rechargeOf(amount: string, hash: number): Promise<{ id: string; userId: bigint }> {
    const user = await createTestUser(db);
    const applied = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-TRC20',
      amount,
      txHash: HASH(hash),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    return { id: json<{ id: string }>(applied).id, userId: user.id };
  }

  const approveWithdrawal = (staffMember: TStaff, id: string) =>
    call('POST', `/api/v1/admin/finance/withdrawals/${id}/approve`, staffMember.token, {});
  const statusOfWithdrawal = async (id: string) =>
    (
      await db
        .select({ s: withdrawals.status })
        .from(withdrawals)
        .where(eq(withdrawals.id, BigInt(id)))
    )[0]!.s;

  it('refuses thresholds outside their range and audits a change with before and after', async () => {
    for (const value of ['-1', 'abc', '1.234', '2000000000', '', '1e3']) {
      const res = await call(
        'PUT',
        '/api/v1/admin/system-params/four_eyes_withdrawal_threshold',
        admin.token,
        {
          value,
        },
      );
      expect(res.statusCode, value).toBe(400);
    }
    await setThreshold('withdrawal', '100');
    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'system_param.update'),
          eq(auditLog.targetId, 'four_eyes_withdrawal_threshold'),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toEqual({ before: '10000', after: '100' });
    expect(audits[0]!.staffId).toBe(admin.id);
    const noRight = await call(
      'PUT',
      '/api/v1/admin/system-params/four_eyes_withdrawal_threshold',
      financeA.token,
      {
        value: '0',
      },
    );
    expect(errorCode(noRight)).toBe('NO_PERMISSION');
  });

  it('approves at or below the threshold with one staff member', async () => {
    await setThreshold('withdrawal', '100');
    const small = await withdrawalOf('100');
    const res = await approveWithdrawal(financeA, small.id);
    expect(res.statusCode).toBe(200);
    expect(json<{ status: string; secondApproval: unknown }>(res)).toMatchObject({
      status: 'success',
      secondApproval: null,
    });
  });

  it('holds a large withdrawal for a second, different staff member; both approvals are audited', async () => {
    await setThreshold('withdrawal', '100');
    const big = await withdrawalOf('500', '1000');
    const first = await approveWithdrawal(financeA, big.id);
    expect(first.statusCode, first.body).toBe(200);
    const firstBody = json<{ status: string; secondApproval: { id: string; firstStaffName: string } }>(first);
    expect(firstBody.status).toBe('processing');
    expect(firstBody.secondApproval.firstStaffName).toContain('Test staff');
    // No money moved: the 500 is still held.
    expect(await getBalances(db, big.userId)).toMatchObject({
      available: parseMoney('500'),
      held: parseMoney('500'),
    });
    expect(await statusOfWithdrawal(big.id)).toBe('processing');

    // The same staff member cannot give the second approval, by either door.
    expect(errorCode(await approveWithdrawal(financeA, big.id))).toBe('FOUR_EYES_SAME_STAFF');
    const approvalId = firstBody.secondApproval.id;
    expect(
      errorCode(await call('POST', `/api/v1/admin/approvals/${approvalId}/approve`, financeA.token)),
    ).toBe('FOUR_EYES_SAME_STAFF');
    // Staff without the finance permission neither see nor approve it.
    expect(errorCode(await call('GET', '/api/v1/admin/approvals', support.token))).toBe('NO_PERMISSION');
    expect(
      errorCode(await call('POST', `/api/v1/admin/approvals/${approvalId}/approve`, ordersA.token)),
    ).toBe('NO_PERMISSION');
    expect(
      json<{ pageList: TApproval[] }>(await call('GET', '/api/v1/admin/approvals', ordersA.token)).pageList,
    ).toEqual([]);

    const queue = json<{ pageList: TApproval[] }>(
      await call('GET', '/api/v1/admin/approvals', financeB.token),
    );
    const waiting = queue.pageList.find((a) => a.id === approvalId);
    expect(waiting).toMatchObject({
      action: 'withdrawal',
      targetId: big.id,
      amount: '500.00',
      threshold: '100.00',
      status: 'waiting',
      firstStaffId: String(financeA.id),
      firstStaffName: 'Test staff',
      // What the first approver saw in the withdrawal queue: the second saw only "#id" and an amount.
      facts: {
        usercode: expect.any(String),
        network: 'USDT-TRC20',
        address: TRON,
        txHash: null,
        bank: null,
        fee: '1.00',
        actualAmount: '499.00',
      },
    });
    expect(waiting?.facts?.userName).toBeTruthy();

    // Sent twice under one Idempotency-Key (a retried click): one payout, the first answer replayed.
    const approveOnce = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/approvals/${approvalId}/approve`,
        headers: { ...bearer(financeB.token), 'idempotency-key': `second-approval-${approvalId}` },
      });
    const second = await approveOnce();
    expect(second.statusCode, second.body).toBe(200);
    const retried = await approveOnce();
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toBe(second.body);
    expect(json<TApproval>(second)).toMatchObject({ status: 'approved', secondStaffId: String(financeB.id) });
    expect(await statusOfWithdrawal(big.id)).toBe('success');
    expect(await getBalances(db, big.userId)).toMatchObject({ available: parseMoney('500'), held: 0n });

    const audits = await db
      .select({ action: auditLog.action, staffId: auditLog.staffId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, big.id)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.staffId])).toEqual([
      ['withdrawal.first_approval', financeA.id],
      ['withdrawal.second_approval', financeB.id],
      ['withdrawal.approve', financeB.id],
    ]);
    expect(audits[2]!.details).toMatchObject({ firstApproverStaffId: String(financeA.id) });
    expect(
      errorCode(await call('POST', `/api/v1/admin/approvals/${approvalId}/approve`, financeC.token)),
    ).toBe('RECORD_ALREADY_REVIEWED');
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('a first approval is finished by another person even when the threshold is raised after it', async () => {
    await setThreshold('withdrawal', '100');
    const big = await withdrawalOf('500', '1000');
    const firstBody = json<{ secondApproval: { id: string } }>(await approveWithdrawal(financeA, big.id));
    // Raised above the amount: before, the first approver could now approve alone (an admin could raise the
    // threshold, approve and lower it again), and the waiting approval stayed in the queue for good.
    await setThreshold('withdrawal', '5000');
    expect(errorCode(await approveWithdrawal(financeA, big.id))).toBe('FOUR_EYES_SAME_STAFF');
    expect(await statusOfWithdrawal(big.id)).toBe('processing');
    // A second staff member finishes it, from the queue, with the payout's transaction hash.
    const approvalId = firstBody.secondApproval.id;
    const badHash = await call('POST', `/api/v1/admin/approvals/${approvalId}/approve`, financeB.token, {
      chainTxHash: 'not a hash',
    });
    expect(badHash.statusCode).toBe(400);
    const second = await call('POST', `/api/v1/admin/approvals/${approvalId}/approve`, financeB.token, {
      chainTxHash: HASH(901),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(json<TApproval>(second)).toMatchObject({ status: 'approved', secondStaffId: String(financeB.id) });
    const [paid] = await db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, BigInt(big.id)));
    expect(paid).toMatchObject({ status: 'success', chainTxHash: HASH(901) });
    await setThreshold('withdrawal', '100');
  });

  it('the first approver cannot decline their own approval; a hash is refused on an approval that is no payout', async () => {
    await setThreshold('recharge', '100');
    const recharge = await rechargeOf('500', 902);
    const first = await call(
      'POST',
      `/api/v1/admin/finance/recharges/${recharge.id}/approve`,
      financeA.token,
      {},
    );
    const approvalId = json<{ secondApproval: { id: string } }>(first).secondApproval.id;
    const own = await call('POST', `/api/v1/admin/approvals/${approvalId}/decline`, financeA.token, {
      reason: 'changed my mind',
    });
    // It was recorded as a second person's decline, by the first approver.
    expect(own.statusCode).toBe(409);
    expect(errorCode(own)).toBe('FOUR_EYES_SAME_STAFF_DECLINE');
    const withHash = await call('POST', `/api/v1/admin/approvals/${approvalId}/approve`, financeB.token, {
      chainTxHash: HASH(903),
    });
    expect(withHash.statusCode).toBe(400);
    const [row] = await db
      .select()
      .from(fourEyesApprovals)
      .where(eq(fourEyesApprovals.id, BigInt(approvalId)));
    expect(row!.status).toBe('waiting');
  });

  it('staff with no approval permission get 403 for any id; with one, an unknown id is 404', async () => {
    const [loanApproval] = await db
      .insert(fourEyesApprovals)
      .values({
        action: 'loan',
        targetId: 'no-such-loan',
        amount: parseMoney('1000'),
        threshold: parseMoney('100'),
        firstStaffId: admin.id,
      })
      .returning({ id: fourEyesApprovals.id });
    const existing = String(loanApproval!.id);
    const unknown = String(loanApproval!.id + 1_000_000n);
    const reason = { reason: 'Not this one' };
    for (const id of [existing, unknown, 'not-a-number']) {
      for (const step of ['approve', 'decline'] as const) {
        // Each with the body its step takes (approve takes only a withdrawal's payout hash).
        const body = step === 'decline' ? reason : {};
        const res = await call('POST', `/api/v1/admin/approvals/${id}/${step}`, support.token, body);
        expect(res.statusCode, `${step} ${id}`).toBe(403);
        expect(errorCode(res)).toBe('NO_PERMISSION');
      }
    }
    for (const step of ['approve', 'decline'] as const) {
      const body = step === 'decline' ? reason : {};
      // Another action's approval is refused; an unknown one is not found.
      const other = await call('POST', `/api/v1/admin/approvals/${existing}/${step}`, financeC.token, body);
      expect(other.statusCode, step).toBe(403);
      const missing = await call('POST', `/api/v1/admin/approvals/${unknown}/${step}`, financeC.token, body);
      expect(missing.statusCode, step).toBe(404);
      expect(errorCode(missing)).toBe('RECORD_NOT_FOUND');
    }
    await db.delete(fourEyesApprovals).where(eq(fourEyesApprovals.id, loanApproval!.id));
  });

  it("the review queues show a record's four-eyes state: threshold, then who gave the first approval", async () => {
    await setThreshold('withdrawal', '100');
    const small = await withdrawalOf('100');
    const big = await withdrawalOf('250', '250');
    const stateOf = async (id: string) => {
      const res = await call(
        'GET',
        '/api/v1/admin/finance/withdrawals?status=processing&pageSize=100',
        financeB.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return json<{ pageList: TAdminWithdrawal[] }>(res).pageList.find((w) => w.id === id)?.fourEyes;
    };
    // One approval pays out at the threshold; above it the queue says so before anyone approves.
    expect(await stateOf(small.id)).toBeNull();
    expect(await stateOf(big.id)).toEqual({ threshold: '100.00', firstApproval: null, lastDecline: null });
    await approveWithdrawal(financeA, big.id);
    expect(await stateOf(big.id)).toEqual({
      threshold: '100.00',
      firstApproval: {
        staffId: String(financeA.id),
        staffName: 'Test staff',
        approvedAt: expect.any(String),
        amount: '250.00',
        reason: null,
      },
      lastDecline: null,
    });
    // Decided records carry no state.
    expect((await approveWithdrawal(financeB, big.id)).statusCode).toBe(200);
    const decided = json<{ pageList: TAdminWithdrawal[] }>(
      await call('GET', '/api/v1/admin/finance/withdrawals?status=success&pageSize=100', financeB.token),
    ).pageList.find((w) => w.id === big.id);
    expect(decided?.fourEyes).toBeNull();
  });

  it('a recharge is weighed by the amount credited in the review queue as at approval', async () => {
    await setThreshold('recharge', '50');
    const recharge = await rechargeOf('60', 90);
    const listed = json<{ pageList: TAdminRecharge[] }>(
      await call('GET', `/api/v1/admin/finance/recharges?userId=${recharge.userId}`, financeA.token),
    ).pageList[0]!;
    expect(listed.fourEyes).toEqual({ threshold: '50.00', firstApproval: null, lastDecline: null });
    const first = await call(
      'POST',
      `/api/v1/admin/finance/recharges/${recharge.id}/approve`,
      financeA.token,
    );
    expect(json<{ secondApproval: unknown }>(first).secondApproval).not.toBeNull();
    const waiting = json<{ pageList: TAdminRecharge[] }>(
      await call('GET', `/api/v1/admin/finance/recharges?userId=${recharge.userId}`, financeA.token),
    ).pageList[0]!;
    expect(waiting.fourEyes?.firstApproval?.staffId).toBe(String(financeA.id));
  });

  it('lets the second reviewer decline a recharge, which then goes back to the review queue', async () => {
    await setThreshold('recharge', '50');
    const { id: rechargeId, userId } = await rechargeOf('80', 1);
    const user = { id: userId };
    const first = await call('POST', `/api/v1/admin/finance/recharges/${rechargeId}/approve`, financeA.token);
    const approvalId = json<{ secondApproval: { id: string } }>(first).secondApproval.id;
    expect((await getBalances(db, user.id)).available).toBe(0n);
    const declined = await call('POST', `/api/v1/admin/approvals/${approvalId}/decline`, financeB.token, {
      reason: 'Transaction not found on chain',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const [recharge] = await db
      .select()
      .from(recharges)
      .where(eq(recharges.id, BigInt(rechargeId)));
    expect(recharge!.status).toBe('processing');
    expect((await getBalances(db, user.id)).available).toBe(0n);
    // Back in the queue, the record says who declined and why (it read as a fresh record before).
    const back = json<{ pageList: TAdminRecharge[] }>(
      await call('GET', `/api/v1/admin/finance/recharges?userId=${userId}`, financeA.token),
    ).pageList[0]!;
    expect(back.fourEyes).toEqual({
      threshold: '50.00',
      firstApproval: null,
      lastDecline: {
        staffName: 'Test staff',
        decidedAt: expect.any(String),
        reason: 'Transaction not found on chain',
      },
    });
    // Approved again later: a fresh first approval, then a second by someone else credits it once.
    const again = await call('POST', `/api/v1/admin/finance/recharges/${rechargeId}/approve`, financeB.token);
    expect(json<{ secondApproval: { id: string } | null }>(again).secondApproval).not.toBeNull();
    const credited = await call(
      'POST',
      `/api/v1/admin/finance/recharges/${rechargeId}/approve`,
      financeC.token,
    );
    expect(json<{ status: string }>(credited).status).toBe('success');
    expect((await getBalances(db, user.id)).available).toBe(parseMoney('80'));
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'recharge'), eq(auditLog.targetId, rechargeId)))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'recharge.first_approval',
      'recharge.second_approval_declined',
      'recharge.first_approval',
      'recharge.second_approval',
      'recharge.approve',
    ]);
  });

  it('rejecting a record ends its waiting approval', async () => {
    await setThreshold('withdrawal', '100');
    const big = await withdrawalOf('300', '300');
    await approveWithdrawal(financeA, big.id);
    const rejected = await call(
      'POST',
      `/api/v1/admin/finance/withdrawals/${big.id}/reject`,
      financeB.token,
      {
        reason: 'Address flagged',
      },
    );
    expect(rejected.statusCode).toBe(200);
    const rows = await db.select().from(fourEyesApprovals).where(eq(fourEyesApprovals.targetId, big.id));
    expect(rows.map((r) => r.status)).toEqual(['cancelled']);
    expect(await getBalances(db, big.userId)).toMatchObject({ available: parseMoney('300'), held: 0n });
  });

  /** A paid order of 100 USDT, delivered: a part of the price can go back (before shipping a refund is of everything paid). */
  const deliveredOrderOf100 = async (shopName: string) => {
    const buyer = await createTestUser(db);
    const seller = await createTestUser(db);
    const storeId = await createTestStore(db, seller.id, shopName);
    const { productId } = await createTestProduct(db, storeId, { price: '100', stock: 100 });
    await fundUser(db, buyer.id, '1000');
    const { orderNo } = await placeTestOrder(db, buyer.id, productId);
    await db
      .update(orders)
      .set({ status: ORDER_STATUS.received, receivedAt: new Date() })
      .where(eq(orders.orderNo, orderNo));
    return { buyer, orderNo };
  };

  it('holds a large manual refund until a second staff member approves the same amount', async () => {
    await setThreshold('refund', '50');
    const { buyer, orderNo } = await deliveredOrderOf100('Four-eyes shop');
    const before = (await getBalances(db, buyer.id)).available;

    const first = await call('POST', `/api/v1/admin/orders/${orderNo}/refund`, ordersA.token, {
      amount: '80',
      reason: 'Damaged in transit',
    });
    expect(first.statusCode, first.body).toBe(200);
    const approvalId = json<{ secondApproval: { id: string } }>(first).secondApproval.id;
    expect((await getBalances(db, buyer.id)).available).toBe(before);

    const otherAmount = await call('POST', `/api/v1/admin/orders/${orderNo}/refund`, ordersB.token, {
      amount: '90',
      reason: 'Damaged in transit',
    });
    expect(errorCode(otherAmount)).toBe('FOUR_EYES_AMOUNT_MISMATCH');
    // Nor does a smaller one pass beside it because it is under the threshold: the waiting one is decided first.
    const smaller = await call('POST', `/api/v1/admin/orders/${orderNo}/refund`, ordersB.token, {
      amount: '15',
      reason: 'Partial',
    });
    expect(errorCode(smaller)).toBe('FOUR_EYES_AMOUNT_MISMATCH');
    // The orders list shows the waiting refund with its amount and reason, for the second staff member to check.
    const listed = json<{ pageList: { orderNo: string; refundApproval: unknown }[] }>(
      await call('GET', `/api/v1/admin/orders?tab=all&orderNo=${orderNo}`, ordersB.token),
    ).pageList;
    expect(listed.map((o) => [o.orderNo, o.refundApproval])).toEqual([
      [
        orderNo,
        {
          staffId: String(ordersA.id),
          staffName: 'Test staff',
          approvedAt: expect.any(String),
          amount: '80.00',
          reason: 'Damaged in transit',
        },
      ],
    ]);
    expect(
      errorCode(await call('POST', `/api/v1/admin/approvals/${approvalId}/approve`, financeA.token)),
    ).toBe('NO_PERMISSION');
    const second = await call('POST', `/api/v1/admin/approvals/${approvalId}/approve`, ordersB.token);
    expect(second.statusCode, second.body).toBe(200);
    expect((await getBalances(db, buyer.id)).available).toBe(before + parseMoney('80'));
    const actions = await db
      .select({ action: auditLog.action, staffId: auditLog.staffId })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, orderNo)))
      .orderBy(auditLog.id);
    expect(actions).toEqual([
      { action: 'refund.first_approval', staffId: ordersA.id },
      { action: 'refund.second_approval', staffId: ordersB.id },
      { action: 'order.refund', staffId: ordersB.id },
    ]);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it("adds the platform's earlier manual refunds of an order: parts under the threshold do not pass a large one alone", async () => {
    await setThreshold('refund', '50');
    const { buyer, orderNo } = await deliveredOrderOf100('Split refunds shop');
    const before = (await getBalances(db, buyer.id)).available;
    const refund = (staff: TStaff, amount: string) =>
      call('POST', `/api/v1/admin/orders/${orderNo}/refund`, staff.token, { amount, reason: 'Goodwill' });

    const first = await refund(ordersA, '40');
    expect(first.statusCode, first.body).toBe(200);
    expect(json<{ secondApproval: unknown }>(first).secondApproval).toBeNull();
    expect((await getBalances(db, buyer.id)).available).toBe(before + parseMoney('40'));
    // 40 + 20 is above 50: the second part waits for another staff member although it is small.
    const second = await refund(ordersA, '20');
    expect(second.statusCode, second.body).toBe(200);
    // What was judged is said with it: 20.00 beside a threshold of 50.00 read as waiting wrongly (QA).
    expect(json<{ secondApproval: { amount: string } | null }>(second).secondApproval).toMatchObject({
      amount: '20.00',
      threshold: '50.00',
      judgedAmount: '60.00',
    });
    const queue = json<TApprovalPage>(
      await call('GET', '/api/v1/admin/approvals?action=refund', ordersB.token),
    );
    expect(queue.pageList.find((a) => a.targetId === orderNo)).toMatchObject({
      amount: '20.00',
      judgedAmount: '60.00',
    });
    expect((await getBalances(db, buyer.id)).available).toBe(before + parseMoney('40'));
    expect(errorCode(await refund(ordersA, '20'))).toBe('FOUR_EYES_SAME_STAFF');
    const approved = await refund(ordersB, '20');
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await getBalances(db, buyer.id)).available).toBe(before + parseMoney('60'));
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('two second reviewers racing: the money moves once and the other is told it was reviewed', async () => {
    await setThreshold('withdrawal', '100');
    const big = await withdrawalOf('400', '400');
    await approveWithdrawal(financeA, big.id);
    const results = await Promise.all([
      approveWithdrawal(financeB, big.id),
      approveWithdrawal(financeC, big.id),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(errorCode(loser)).toBe('RECORD_ALREADY_REVIEWED');
    expect(await statusOfWithdrawal(big.id)).toBe('success');
    const settles = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.approve'), eq(auditLog.targetId, big.id)));
    expect(settles).toHaveLength(1);
    expect(await getBalances(db, big.userId)).toMatchObject({ available: 0n, held: 0n });
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('two first reviewers racing: two different people approved, so it settles once with one approval row', async () => {
    await setThreshold('withdrawal', '100');
    const big = await withdrawalOf('400', '400');
    const results = await Promise.all([
      approveWithdrawal(financeA, big.id),
      approveWithdrawal(financeB, big.id),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const bodies = results.map((r) => json<{ status: string }>(r).status).sort();
    expect(bodies).toEqual(['processing', 'success']);
    const rows = await db.select().from(fourEyesApprovals).where(eq(fourEyesApprovals.targetId, big.id));
    expect(rows.map((r) => r.status)).toEqual(['approved']);
    expect(rows[0]!.firstStaffId).not.toBe(rows[0]!.secondStaffId);
    expect(await getBalances(db, big.userId)).toMatchObject({ available: 0n, held: 0n });
  });

  it('the same reviewer clicking twice at once gives one first approval and moves nothing', async () => {
    await setThreshold('withdrawal', '100');
    const big = await withdrawalOf('400', '400');
    const results = await Promise.all([
      approveWithdrawal(financeC, big.id),
      approveWithdrawal(financeC, big.id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(errorCode(results.find((r) => r.statusCode === 409)!)).toBe('FOUR_EYES_SAME_STAFF');
    expect(await statusOfWithdrawal(big.id)).toBe('processing');
    expect(await getBalances(db, big.userId)).toMatchObject({ available: 0n, held: parseMoney('400') });
    const firsts = await db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'withdrawal.%'), eq(auditLog.targetId, big.id)));
    expect(firsts.map((a) => a.action)).toEqual(['withdrawal.first_approval']);
  });
});
