import {
  formatMoney,
  type TLanguage,
  type TMoney,
  type TPaymentMethod,
  type ZPlaceOrdersRequest,
} from '@caravan/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { orderLogs, orders } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { verifyTxPassword } from '../account';
import { getBalances, withMoneyTransaction } from '../ledger';
import { testClockOf } from '../ops';
import { placeOrders, type TPlacedOrder } from './checkout';
import { notifyOrderEvents } from './notices';
import { postOrderPayment } from './order-money';
import { withInsufficientBalanceLink } from './recharge-link';
import { getOrderSettings } from './settings';
import { S, type TOrderRow } from './state';

/** Refuses a method the platform has not opened, and every method but the wallet balance for now. */
export async function assertPaymentMethod(db: Database, method: TPaymentMethod): Promise<void> {
  const settings = await getOrderSettings(db);
  if (method !== 'balance' || !settings.paymentMethods.includes(method)) {
    throw new AppError('PAYMENT_METHOD_NOT_OPEN', { method });
  }
}

/**
 * Pays the buyer's pending orders from the wallet in one transaction: all of them or none. Each order
 * moves pending -> paid with a conditional update, so a double click pays once; the loser gets
 * ORDER_STATUS_INVALID. Call verifyTxPassword before (payOrders does).
 */
export async function payOrdersWithBalance(
  db: Database,
  userId: bigint,
  orderNos: string[],
  now = new Date(),
): Promise<{ orders: TOrderRow[]; paidTotal: TMoney }> {
  const unique = [...new Set(orderNos)].sort();
  return withInsufficientBalanceLink(() =>
    withMoneyTransaction(db, async (tx) => {
      // One conditional UPDATE moves every order pending -> paid; of two concurrent payments one wins.
      const paid = await tx
        .update(orders)
        .set({
          status: S.paid,
          paidAt: now,
          paymentMethod: 'balance',
          paidAmount: sql`${orders.total}`,
          updatedAt: now,
        })
        .where(
          and(
            eq(orders.buyerUserId, userId),
            inArray(orders.orderNo, unique),
            eq(orders.status, S.pendingPayment),
          ),
        )
        .returning();
      if (paid.length !== unique.length) {
        const found = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(and(eq(orders.buyerUserId, userId), inArray(orders.orderNo, unique)));
        if (found.length !== unique.length) {
          throw new AppError('ORDER_NOT_FOUND');
        }
        // The buyer is told which: paid already (another tab, a second device) or closed unpaid. Told "cancelled",
        // a buyer whose other tab had paid thought the order was gone.
        const isAlreadyPaid = found.every((order) => order.status !== S.cancelled);
        throw new AppError('ORDER_STATUS_INVALID', { isAlreadyPaid });
      }
      paid.sort((a, b) => (a.id < b.id ? -1 : 1));
      let paidTotal = 0n;
      for (const order of paid) {
        await postOrderPayment(tx, order);
        paidTotal += order.total;
      }
      await tx
        .insert(orderLogs)
        .values(paid.map((o) => ({ orderId: o.id, event: 'paid', params: {}, createdAt: now })));
      await notifyOrderEvents(
        tx,
        paid.map((o) => o.id),
        'paid',
        {},
        now,
      );
      return { orders: paid, paidTotal };
    }),
  );
}

export async function payOrders(
  db: Database,
  userId: bigint,
  input: { orderNos: string[]; txPassword: string; method: TPaymentMethod },
): Promise<{ orders: TOrderRow[]; paidTotal: string; balance: string }> {
  await assertPaymentMethod(db, input.method);
  await verifyTxPassword(db, userId, input.txPassword);
  const result = await payOrdersWithBalance(db, userId, input.orderNos);
  const balances = await getBalances(db, userId);
  return {
    orders: result.orders,
    paidTotal: formatMoney(result.paidTotal),
    balance: formatMoney(balances.available),
  };
}

/** POST /orders: places the orders, and with `pay` pays them in the same transaction after the password. */
export async function submitOrders(
  db: Database,
  userId: bigint,
  input: z.output<typeof ZPlaceOrdersRequest>,
  lang: TLanguage,
): Promise<TPlacedOrder[]> {
  const { pay, ...checkout } = input;
  if (pay) {
    await assertPaymentMethod(db, pay.method);
    await verifyTxPassword(db, userId, pay.txPassword);
  }
  const placed = await placeOrders(db, userId, checkout, lang, testClockOf(db).now(), {
    isPaid: pay !== undefined,
  });
  if (pay) {
    // The one-statement checkout writes its history in SQL; the shops hear of the paid orders just after.
    await notifyOrderEvents(
      db,
      placed.map((o) => o.id),
      'paid',
    );
  }
  return placed;
}
