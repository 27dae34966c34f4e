import {
  formatMoney,
  type TCannedReply,
  type TCannedReplyRequest,
  type TChatConversation,
  type TChatConversationPage,
  type TCsCustomerContext,
  type TCsListQuery,
  type TCsSearchPage,
  type TCsStats,
  type TLanguage,
  type TLoan,
} from '@caravan/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  chatCannedReplies,
  chatConversations,
  chatMessages,
  chatPeriods,
  orders,
  recharges,
  roles,
  staff,
  users,
  walletPending,
  withdrawals,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { getBalances } from '../ledger';
import { getCurrentLoanOf, loanClockOf } from '../loans';
import { toRowId } from '../notifications';
import { findConversationFor, listConversations, presentConversations } from './conversations';
import { publishChatEvent, routeOf } from './events';
import type { TChatParty } from './party';
import { presentMessages } from './present';

type TAgent = Extract<TChatParty, { kind: 'agent' }>;

/** The console's lists: waiting for an agent, the agent's own open ones, or all (with a buyer filter). */
export async function listCsConversations(
  db: Database,
  lang: TLanguage,
  agent: TAgent,
  query: TCsListQuery,
): Promise<TChatConversationPage> {
  let where: SQL | undefined;
  if (query.view === 'waiting') {
    where = eq(chatConversations.status, 'waiting');
  } else if (query.view === 'mine') {
    where = and(eq(chatConversations.status, 'open'), eq(chatConversations.agentStaffId, agent.staffId));
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    where = and(
      where,
      inArray(
        chatConversations.buyerUserId,
        db
          .select({ id: users.id })
          .from(users)
          .where(
            or(ilike(users.username, pattern), ilike(users.usercode, pattern), ilike(users.email, pattern)),
          ),
      ),
    );
  }
  return listConversations(db, lang, agent, query, where);
}

/**
 * Changes who answers a service conversation and its status, audited, and tells both sides. `targetStaffId`: for a
 * transfer the agent it goes to; for a claim the colleague the agent confirmed taking it over from.
 */
async function changeConversation(
  db: Database,
  agent: TAgent,
  idText: string,
  action: 'claim' | 'transfer' | 'close' | 'reopen',
  lang: TLanguage,
  targetStaffId?: bigint,
): Promise<TChatConversation> {
  const row = await db.transaction(async (tx) => {
    const before = await findConversationFor(tx, agent, idText, { isLocked: true });
    const now = new Date();
    let set: Partial<typeof chatConversations.$inferInsert>;
    switch (action) {
      case 'claim':
        if (before.status === 'closed') {
          throw new AppError('CHAT_CLOSED');
        }
        if (before.status === 'open' && before.agentStaffId === agent.staffId) {
          return before;
        }
        // Under the row lock: of two agents claiming a waiting conversation at once, the second finds it taken.
        if (
          before.status === 'open' &&
          before.agentStaffId !== null &&
          before.agentStaffId !== targetStaffId
        ) {
          throw new AppError(
            'CHAT_ALREADY_CLAIMED',
            { agentId: String(before.agentStaffId) },
            { name: await findStaffName(tx, before.agentStaffId) },
          );
        }
        set = { status: 'open', agentStaffId: agent.staffId };
        break;
      case 'transfer':
        if (before.status === 'closed') {
          throw new AppError('CHAT_CLOSED');
        }
        set = { status: 'open', agentStaffId: targetStaffId! };
        break;
      case 'close':
        if (before.status === 'closed') {
          return before;
        }
        set = { status: 'closed' };
        if (before.periodId !== null) {
          await tx.update(chatPeriods).set({ closedAt: now }).where(eq(chatPeriods.id, before.periodId));
        }
        break;
      case 'reopen': {
        if (before.status !== 'closed') {
          return before;
        }
        const [period] = await tx
          .insert(chatPeriods)
          .values({ conversationId: before.id, openedAt: now, agentStaffId: agent.staffId })
          .returning({ id: chatPeriods.id });
        set = { status: 'open', agentStaffId: agent.staffId, periodId: period!.id };
        break;
      }
    }
    if (set.agentStaffId !== undefined && before.periodId !== null && action !== 'reopen') {
      await tx
        .update(chatPeriods)
        .set({ agentStaffId: set.agentStaffId })
        .where(eq(chatPeriods.id, before.periodId));
    }
    const [after] = await tx
      .update(chatConversations)
      .set({ ...set, updatedAt: now })
      .where(eq(chatConversations.id, before.id))
      .returning();
    await recordAudit(tx, {
      staffId: agent.staffId,
      action: `chat.${action}`,
      targetType: 'chat_conversation',
      targetId: before.id,
      details: {
        before: { status: before.status, agentStaffId: before.agentStaffId?.toString() ?? null },
        after: { status: after!.status, agentStaffId: after!.agentStaffId?.toString() ?? null },
      },
    });
    publishChatEvent(tx, {
      type: 'conversation',
      route: routeOf(after!),
      status: after!.status,
      agentId: after!.agentStaffId === null ? null : String(after!.agentStaffId),
    });
    return after!;
  });
  const [presented] = await presentConversations(db, lang, agent, [row]);
  return presented!;
}

async function findStaffName(db: Executor, staffId: bigint): Promise<string> {
  const [row] = await db.select({ name: staff.displayName }).from(staff).where(eq(staff.id, staffId));
  return row?.name ?? '';
}

/**
 * Takes a conversation: a waiting one (409 CHAT_ALREADY_CLAIMED naming the agent when someone was quicker), or one a
 * colleague has open when `takeOverFrom` names that colleague (the console's confirmed "take over"; refused the same
 * way when it changed hands meanwhile). Audited like every change.
 */
export function claimConversation(
  db: Database,
  agent: TAgent,
  id: string,
  lang: TLanguage,
  takeOverFrom?: string,
): Promise<TChatConversation> {
  const fromStaffId = takeOverFrom === undefined ? undefined : (toRowId(takeOverFrom) ?? -1n);
  return changeConversation(db, agent, id, 'claim', lang, fromStaffId);
}
export const closeConversation = (db: Database, agent: TAgent, id: string, lang: TLanguage) =>
  changeConversation(db, agent, id, 'close', lang);
export const reopenConversation = (db: Database, agent: TAgent, id: string, lang: TLanguage) =>
  changeConversation(db, agent, id, 'reopen', lang);

/** Hands a conversation to another active agent (one whose role has chat.answer). */
export async function transferConversation(
  db: Database,
  agent: TAgent,
  id: string,
  staffIdText: string,
  lang: TLanguage,
): Promise<TChatConversation> {
  const targetId = toRowId(staffIdText);
  const agents = await listAgents(db);
  if (targetId === null || !agents.some((a) => a.id === String(targetId))) {
    throw new AppError('STAFF_NOT_FOUND');
  }
  return changeConversation(db, agent, id, 'transfer', lang, targetId);
}

/** Active staff whose role may answer chats. */
export async function listAgents(db: Executor): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .select({ id: staff.id, name: staff.displayName })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(and(eq(staff.status, 'active'), sql`'chat.answer' = any(${roles.permissions})`))
    .orderBy(asc(staff.displayName));
  return rows.map((r) => ({ id: String(r.id), name: r.name }));
}

/** The loan as the agent needs it to answer "how much do I owe?": the amount lent, and what is owed while open. */
function loanSummaryOf(loan: TLoan): NonNullable<TCsCustomerContext['loan']> {
  const isOpen = loan.status === 'disbursed' || loan.status === 'overdue';
  return {
    status: loan.status,
    amount: loan.approvedAmount ?? loan.amount,
    isApproved: loan.approvedAmount !== null,
    askedAmount: loan.amount,
    offerOutcome: loan.offerOutcome,
    owed: isOpen
      ? {
          total: loan.totalOwed,
          nextDue: loan.nextDue,
          nextDueDate: loan.nextDueDate,
          isOverdue: loan.status === 'overdue',
          overdueDays: loan.overdueDays,
        }
      : null,
  };
}

/** What the agent sees beside the conversation: the customer's account, orders, wallet and loan. */
export async function getCustomerContext(
  db: Database,
  agent: TAgent & { permissions: readonly string[] },
  idText: string,
): Promise<TCsCustomerContext> {
  const conversation = await findConversationFor(db, agent, idText);
  const userId = conversation.buyerUserId;
  const [account] = await db
    .select({
      id: users.id,
      usercode: users.usercode,
      name: sql<string>`coalesce(${users.username}, ${users.usercode})`,
      email: users.email,
      areaCode: users.areaCode,
      phone: users.phone,
      status: users.status,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) {
    throw new AppError('CHAT_NOT_FOUND');
  }
  const [recentOrders, balances, [pending], loan] = await Promise.all([
    db
      .select({
        orderNo: orders.orderNo,
        status: orders.status,
        total: orders.total,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.buyerUserId, userId))
      .orderBy(desc(orders.createdAt))
      .limit(5),
    getBalances(db, userId),
    db.select().from(walletPending).where(eq(walletPending.userId, userId)),
    getCurrentLoanOf(db, userId, loanClockOf(db).now()),
  ]);
  let unfinished: TCsCustomerContext['wallet']['unfinished'] = null;
  if (pending) {
    const table = pending.recordType === 'recharge' ? recharges : withdrawals;
    const [record] = await db
      .select({ id: table.id, amount: table.amount, createdAt: table.createdAt })
      .from(table)
      .where(eq(table.id, pending.recordId));
    if (record) {
      unfinished = {
        type: pending.recordType,
        id: String(record.id),
        amount: formatMoney(record.amount),
        createtime: record.createdAt.toISOString(),
      };
    }
  }
  return {
    account: {
      id: String(account.id),
      usercode: account.usercode,
      name: account.name,
      email: account.email,
      phone: account.phone ? `${account.areaCode ?? ''} ${account.phone}`.trim() : null,
      status: account.status,
      createtime: account.createdAt.toISOString(),
    },
    orders: recentOrders.map((o) => ({
      orderNo: o.orderNo,
      status: o.status,
      total: formatMoney(o.total),
      createtime: o.createdAt.toISOString(),
    })),
    wallet: { balance: formatMoney(balances.available), held: formatMoney(balances.held), unfinished },
    loan: loan ? loanSummaryOf(loan) : null,
    permissions: [...agent.permissions],
  };
}

/** Messages of customer-service conversations containing `q` (case-insensitive), newest first. */
export async function searchCsHistory(
  db: Database,
  lang: TLanguage,
  query: { q: string; pageNum: number; pageSize: number },
): Promise<TCsSearchPage> {
  const where = and(
    eq(chatConversations.kind, 'service'),
    eq(chatMessages.type, 'text'),
    ilike(chatMessages.content, containsPattern(query.q)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        message: chatMessages,
        buyerName: sql<string>`coalesce(${users.username}, ${users.usercode})`,
      })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .innerJoin(users, eq(users.id, chatConversations.buyerUserId))
      .where(where)
      .orderBy(desc(chatMessages.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(where),
  ]);
  const messages = await presentMessages(
    db,
    lang,
    'agent',
    rows.map((r) => r.message),
  );
  return {
    pageList: rows.map((r, i) => ({
      conversationId: String(r.message.conversationId),
      buyerName: r.buyerName,
      message: messages[i]!,
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

/** First-response and resolution times of the service periods opened in the last `days` days. */
export async function getCsStats(db: Database, days: number, now = new Date()): Promise<TCsStats> {
  const since = new Date(now.getTime() - days * 24 * 60 * 60_000);
  const firstResponse = sql`extract(epoch from (${chatPeriods.firstResponseAt} - ${chatPeriods.openedAt}))`;
  const resolution = sql`extract(epoch from (${chatPeriods.closedAt} - ${chatPeriods.openedAt}))`;
  const [summary] = await db
    .select({
      periods: sql<string>`count(*)`,
      answered: sql<string>`count(${chatPeriods.firstResponseAt})`,
      closed: sql<string>`count(${chatPeriods.closedAt})`,
      firstAvg: sql<string | null>`avg(${firstResponse})`,
      firstP90: sql<string | null>`percentile_cont(0.9) within group (order by ${firstResponse})`,
      resolutionAvg: sql<string | null>`avg(${resolution})`,
    })
    .from(chatPeriods)
    .where(sql`${chatPeriods.openedAt} >= ${since}`);
  const dayExpr = sql<string>`to_char(date_trunc('day', ${chatPeriods.openedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const byDay = await db
    .select({
      day: dayExpr,
      periods: sql<string>`count(*)`,
      firstAvg: sql<string | null>`avg(${firstResponse})`,
      resolutionAvg: sql<string | null>`avg(${resolution})`,
    })
    .from(chatPeriods)
    .where(sql`${chatPeriods.openedAt} >= ${since}`)
    .groupBy(dayExpr)
    .orderBy(dayExpr);
  const [waiting] = await db
    .select({ n: count() })
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.kind, 'service'),
        eq(chatConversations.status, 'waiting'),
        isNotNull(chatConversations.lastMessageId),
      ),
    );
  const seconds = (value: string | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value));
  return {
    days,
    periods: Number(summary?.periods ?? 0),
    answered: Number(summary?.answered ?? 0),
    closed: Number(summary?.closed ?? 0),
    waitingNow: Number(waiting?.n ?? 0),
    firstResponseAvgSeconds: seconds(summary?.firstAvg),
    firstResponseP90Seconds: seconds(summary?.firstP90),
    resolutionAvgSeconds: seconds(summary?.resolutionAvg),
    byDay: byDay.map((d) => ({
      day: d.day,
      periods: Number(d.periods),
      firstResponseAvgSeconds: seconds(d.firstAvg),
      resolutionAvgSeconds: seconds(d.resolutionAvg),
    })),
  };
}

export async function listCannedReplies(db: Executor): Promise<TCannedReply[]> {
  const rows = await db
    .select()
    .from(chatCannedReplies)
    .orderBy(asc(chatCannedReplies.sort), asc(chatCannedReplies.id))
    .limit(500);
  return rows.map((r) => ({ id: String(r.id), title: r.title, content: r.content, sort: r.sort }));
}

type TCannedInput = { title: string; content: string; sort: number };

/** Administrators keep the canned replies; each change is audited with before and after. */
export async function saveCannedReply(
  db: Database,
  staffId: bigint,
  input: TCannedInput,
  idText?: string,
): Promise<TCannedReply> {
  return db.transaction(async (tx) => {
    let before: typeof chatCannedReplies.$inferSelect | undefined;
    let row: typeof chatCannedReplies.$inferSelect | undefined;
    if (idText === undefined) {
      [row] = await tx.insert(chatCannedReplies).values(input).returning();
    } else {
      const id = toRowId(idText);
      [before] =
        id === null ? [] : await tx.select().from(chatCannedReplies).where(eq(chatCannedReplies.id, id));
      if (!before) {
        throw new AppError('NOT_FOUND');
      }
      [row] = await tx
        .update(chatCannedReplies)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(chatCannedReplies.id, before.id))
        .returning();
    }
    await recordAudit(tx, {
      staffId,
      action: idText === undefined ? 'chat.canned.create' : 'chat.canned.update',
      targetType: 'chat_canned_reply',
      targetId: row!.id,
      details: {
        before: before ? { title: before.title, content: before.content, sort: before.sort } : null,
        after: input,
      },
    });
    return { id: String(row!.id), title: row!.title, content: row!.content, sort: row!.sort };
  });
}

export async function deleteCannedReply(db: Database, staffId: bigint, idText: string): Promise<void> {
  await db.transaction(async (tx) => {
    const id = toRowId(idText);
    const [before] =
      id === null ? [] : await tx.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id)).returning();
    if (!before) {
      throw new AppError('NOT_FOUND');
    }
    await recordAudit(tx, {
      staffId,
      action: 'chat.canned.delete',
      targetType: 'chat_canned_reply',
      targetId: before.id,
      details: { before: { title: before.title, content: before.content, sort: before.sort }, after: null },
    });
  });
}

export type TCannedReplyInput = TCannedReplyRequest;
