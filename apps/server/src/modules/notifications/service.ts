import type {
  TNotification,
  TNotificationAudience,
  TNotificationEvent,
  TNotificationListQuery,
  TNotificationPage,
  TNotificationUnread,
} from '@caravan/contracts';
import { and, count, desc, eq, isNull, like, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { notifications } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { publishAfterCommit } from '../realtime';

/** Bus topic of "the unread notifications of (user, audience) changed"; sockets refetch the count. */
export const NOTIFICATION_TOPIC = 'notifications';
export type TNotificationSignal = { userId: string; audience: TNotificationAudience; unread?: number };

export type TNotifyInput = {
  userId: bigint;
  audience: TNotificationAudience;
  event: TNotificationEvent;
  params?: Record<string, string>;
  at?: Date;
};

/** An event that updates the recipient's one notification of `groupKey` rather than adding another. */
export type TNotifyGroupedInput = TNotifyInput & { groupKey: string };

/**
 * Writes a notification inside the caller's transaction, so it exists exactly when the change that
 * caused it commits; the recipient's open sockets hear of it after the commit.
 */
export async function notify(tx: Executor, input: TNotifyInput | TNotifyInput[]): Promise<void> {
  const rows = Array.isArray(input) ? input : [input];
  if (rows.length === 0) {
    return;
  }
  await tx.insert(notifications).values(
    rows.map((row) => ({
      userId: row.userId,
      audience: row.audience,
      event: row.event,
      params: row.params ?? {},
      ...(row.at ? { createdAt: row.at } : {}),
    })),
  );
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.userId}:${row.audience}`;
    if (!seen.has(key)) {
      seen.add(key);
      const signal: TNotificationSignal = { userId: String(row.userId), audience: row.audience };
      publishAfterCommit(tx, undefined, NOTIFICATION_TOPIC, signal);
    }
  }
}

/**
 * Writes or updates the recipient's one notification of `input.groupKey` in the caller's transaction: it
 * becomes unread again with the new params, moves to the top of the list, and its `count` param says how
 * many events came since it was last read (so a burst of chat messages is one notification, not many).
 */
export async function notifyGrouped(tx: Executor, input: TNotifyGroupedInput): Promise<void> {
  const at = input.at ?? new Date();
  const params = { ...(input.params ?? {}), count: '1' };
  await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      audience: input.audience,
      event: input.event,
      params,
      groupKey: input.groupKey,
      createdAt: at,
    })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.audience, notifications.groupKey],
      set: {
        event: input.event,
        params: sql`excluded.params || jsonb_build_object('count', case when ${notifications.readAt} is null then coalesce((${notifications.params}->>'count')::int, 0) + 1 else 1 end::text)`,
        readAt: null,
        createdAt: at,
      },
    });
  signalUnread(tx, input);
}

/** Marks the recipient's notification of `groupKey` read (its subject was seen elsewhere, e.g. the chat). */
export async function markNotificationGroupRead(
  tx: Executor,
  recipient: TRecipient,
  groupKey: string,
): Promise<void> {
  const marked = await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(recipientWhere(recipient), eq(notifications.groupKey, groupKey), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (marked.length > 0) {
    signalUnread(tx, recipient);
  }
}

/**
 * Marks the recipient's unread notifications of `event` about one subject (their params contain all of `subject`,
 * e.g. `{ loanId }`) read, in the caller's transaction: the subject was settled elsewhere, so a notification asking
 * for an action no longer possible (answer an offer) stops counting as unread.
 */
export async function markSubjectNotificationsRead(
  tx: Executor,
  recipient: TRecipient,
  input: { event: TNotificationEvent; subject: Record<string, string> },
): Promise<void> {
  const marked = await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        recipientWhere(recipient),
        eq(notifications.event, input.event),
        sql`${notifications.params} @> ${JSON.stringify(input.subject)}::jsonb`,
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  if (marked.length > 0) {
    signalUnread(tx, recipient);
  }
}

const INT8_MAX = 9223372036854775807n;

/** A path id as a bigint; null when it cannot be a row id (beyond int8), so the caller answers 404. */
export function toRowId(text: string): bigint | null {
  const value = BigInt(text);
  return value > INT8_MAX ? null : value;
}

type TRecipient = { userId: bigint; audience: TNotificationAudience };

function recipientWhere(recipient: TRecipient): SQL | undefined {
  return and(eq(notifications.userId, recipient.userId), eq(notifications.audience, recipient.audience));
}

export async function countUnreadNotifications(db: Executor, recipient: TRecipient): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(recipientWhere(recipient), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * The unread count, and how many of those are about chat messages: the header's chat badge already counts
 * unread messages from the conversations, so it adds only the other notifications.
 */
export async function readNotificationUnread(
  db: Executor,
  recipient: TRecipient,
): Promise<TNotificationUnread> {
  const [row] = await db
    .select({
      unread: count(),
      messages: sql<string>`count(*) filter (where ${like(notifications.event, 'chat.%')})`,
    })
    .from(notifications)
    .where(and(recipientWhere(recipient), isNull(notifications.readAt)));
  return { unread: Number(row?.unread ?? 0), messages: Number(row?.messages ?? 0) };
}

export async function listNotifications(
  db: Database,
  recipient: TRecipient,
  query: TNotificationListQuery,
): Promise<TNotificationPage> {
  const where = and(recipientWhere(recipient), query.isUnreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
    countUnreadNotifications(db, recipient),
  ]);
  return {
    pageList: rows.map(
      (row): TNotification => ({
        id: String(row.id),
        event: row.event as TNotificationEvent,
        params: row.params,
        isRead: row.readAt !== null,
        createtime: row.createdAt.toISOString(),
      }),
    ),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
    unread,
  };
}

/** Marks one of the recipient's notifications read; another recipient's id is "not found". */
export async function markNotificationRead(
  db: Database,
  recipient: TRecipient,
  idText: string,
): Promise<{ unread: number }> {
  const id = toRowId(idText);
  if (id === null) {
    throw new AppError('NOT_FOUND');
  }
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(and(recipientWhere(recipient), eq(notifications.id, id)));
    if (!found) {
      throw new AppError('NOT_FOUND');
    }
    if (found.readAt === null) {
      await tx
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
      signalUnread(tx, recipient);
    }
    return { unread: await countUnreadNotifications(tx, recipient) };
  });
}

export async function markAllNotificationsRead(
  db: Database,
  recipient: TRecipient,
): Promise<{ unread: number }> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(recipientWhere(recipient), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (marked.length > 0) {
      signalUnread(tx, recipient);
    }
    return { unread: 0 };
  });
}

/** Tells the recipient's other tabs and devices that the unread count changed. */
function signalUnread(tx: Executor, recipient: TRecipient): void {
  const signal: TNotificationSignal = { userId: String(recipient.userId), audience: recipient.audience };
  publishAfterCommit(tx, undefined, NOTIFICATION_TOPIC, signal);
}
