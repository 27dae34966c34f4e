import type {
  TChatHistory,
  TChatHistoryQuery,
  TChatMessage,
  TChatSendRequest,
  TLanguage,
} from '@caravan/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database, Tx } from '../../db/client';
import { chatConversations, chatMessages, chatPeriods } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { assertOwnPictureFor } from '../uploads';
import { findConversationFor, otherSide, sideOf, type TConversationRow } from './conversations';
import { publishChatEvent, routeOf } from './events';
import { notifyChatRecipient } from './notify-recipient';
import { partyKey, type TChatParty, uploadOwnerOf } from './party';
import { largestId, presentMessages, type TMessageRow } from './present';
import { findProductForCard } from './product-card';
import { takeChatSendToken } from './rate-limit';
import { getChatSettings } from './settings';

export type TSendInput =
  | TChatSendRequest
  | { type: 'product' | 'order'; content: string; clientId?: string | undefined };

/**
 * Sends one message: checks the rate limit and (pictures) that the sender uploaded the picture, then in
 * one transaction stores it, counts it unread for the other side, moves a service conversation along
 * (a buyer's message reopens a closed one; an agent's answer claims a waiting one and records the first
 * response), updates the recipient's "new messages" notification and, after the commit, publishes it to
 * every socket of both sides.
 *
 * A repeated `clientId` (a resend from the offline outbox) returns the stored message and sends nothing; one with
 * another type or content is refused (422 CHAT_CLIENT_ID_REUSED), as a reused Idempotency-Key is.
 */
export async function sendChatMessage(
  deps: { db: Database; redis?: Redis | undefined; uploadDir: string },
  party: TChatParty,
  conversationIdText: string,
  input: TSendInput,
  lang: TLanguage,
  options: { isOpeningCard?: boolean } = {},
): Promise<TChatMessage> {
  const { db } = deps;
  const settings = await getChatSettings(db);
  await takeChatSendToken(db, deps.redis, partyKey(party), settings.messagesPerMinute);
  if (input.type === 'img') {
    // Only a picture the sender uploaded, a stored size of it, within the chat's rule whatever it was uploaded for.
    await assertOwnPictureFor(db, deps.uploadDir, uploadOwnerOf(party), input.content, 'chat');
  }
  const side = sideOf(party);
  const row = await db.transaction(async (tx) => {
    const conversation = await findConversationFor(tx, party, conversationIdText, { isLocked: true });
    if (input.type === 'product' && !options.isOpeningCard) {
      await assertProductCardSendable(tx, conversation, input.content);
    }
    const now = new Date();
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        conversationId: conversation.id,
        sender: side,
        senderUserId: party.kind === 'agent' ? null : party.userId,
        senderStaffId: party.kind === 'agent' ? party.staffId : null,
        type: input.type,
        content: input.content,
        clientId: input.clientId ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversation.id),
            eq(chatMessages.sender, side),
            eq(chatMessages.clientId, input.clientId ?? ''),
          ),
        );
      // A resend repeats its message; another message under a used clientId would be dropped without a word.
      if (existing!.type !== input.type || existing!.content !== input.content) {
        throw new AppError('CHAT_CLIENT_ID_REUSED');
      }
      return { message: existing!, isNew: false };
    }
    await advanceConversation(tx, conversation, party, inserted, now);
    await notifyChatRecipient(tx, conversation, party, now);
    return { message: inserted, isNew: true, conversation };
  });
  const [message] = await presentMessages(db, lang, side, [row.message]);
  if (row.isNew && row.conversation) {
    // Published after the transaction (the bus hook runs after commit); the sender's other tabs get it too.
    publishChatEvent(db, { type: 'message', route: routeOf(row.conversation), message: message! });
  }
  return message!;
}

/** A product card someone sends (in a shop conversation, one of that shop's goods: product-card.ts). */
async function assertProductCardSendable(tx: Tx, conversation: TConversationRow, productIdText: string) {
  await findProductForCard(
    tx,
    BigInt(productIdText),
    conversation.kind === 'shop' ? conversation.storeId : null,
  );
}

async function advanceConversation(
  tx: Tx,
  conversation: TConversationRow,
  party: TChatParty,
  message: TMessageRow,
  now: Date,
): Promise<void> {
  const set: Partial<Omit<TConversationRow, 'buyerUnread' | 'staffUnread'>> & {
    buyerUnread?: SQL;
    staffUnread?: SQL;
  } = {
    lastMessageId: message.id,
    lastMessageAt: now,
    updatedAt: now,
  };
  if (party.kind === 'buyer') {
    set.staffUnread = sql`${chatConversations.staffUnread} + 1`;
  } else {
    set.buyerUnread = sql`${chatConversations.buyerUnread} + 1`;
  }
  if (conversation.kind === 'service') {
    if (party.kind === 'buyer' && (conversation.status === 'closed' || conversation.periodId === null)) {
      const [period] = await tx
        .insert(chatPeriods)
        .values({ conversationId: conversation.id, openedAt: now })
        .returning({ id: chatPeriods.id });
      Object.assign(set, { status: 'waiting', agentStaffId: null, periodId: period!.id });
    } else if (party.kind === 'agent') {
      let periodId = conversation.periodId;
      if (conversation.status === 'closed' || periodId === null) {
        const [period] = await tx
          .insert(chatPeriods)
          .values({ conversationId: conversation.id, openedAt: now, agentStaffId: party.staffId })
          .returning({ id: chatPeriods.id });
        periodId = period!.id;
        set.periodId = periodId;
      }
      if (conversation.status !== 'open' || conversation.agentStaffId === null) {
        Object.assign(set, { status: 'open', agentStaffId: party.staffId });
        await tx.update(chatPeriods).set({ agentStaffId: party.staffId }).where(eq(chatPeriods.id, periodId));
      }
      await tx
        .update(chatPeriods)
        .set({ firstResponseAt: now })
        .where(and(eq(chatPeriods.id, periodId), isNull(chatPeriods.firstResponseAt)));
    }
  }
  await tx.update(chatConversations).set(set).where(eq(chatConversations.id, conversation.id));
  if (set.status && set.status !== conversation.status) {
    publishChatEvent(tx, {
      type: 'conversation',
      route: routeOf(conversation),
      status: String(set.status),
      agentId: set.agentStaffId === null || set.agentStaffId === undefined ? null : String(set.agentStaffId),
    });
  }
}

/**
 * A page of history: the newest `limit` messages before `beforeId` (scrolling up), or those after
 * `afterId` (polling), oldest first. Reading marks what the other side wrote as delivered.
 * `types` keeps only messages of those types, in the query, so a page is short only at the end of the history
 * (the legacy list knows no cards: filtered after the page was cut, its pages came short and old apps stopped).
 */
export async function readChatHistory(
  db: Database,
  party: TChatParty,
  conversationIdText: string,
  query: TChatHistoryQuery,
  lang: TLanguage,
  options: { types?: readonly TMessageRow['type'][] } = {},
): Promise<TChatHistory> {
  const conversation = await findConversationFor(db, party, conversationIdText);
  const side = sideOf(party);
  const ofTypes = options.types ? inArray(chatMessages.type, [...options.types]) : undefined;
  let rows: TMessageRow[];
  let hasMore: boolean;
  if (query.afterId !== undefined) {
    rows = await db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversation.id),
          gt(chatMessages.id, safeId(query.afterId)),
          ofTypes,
        ),
      )
      .orderBy(asc(chatMessages.id))
      .limit(query.limit + 1);
    hasMore = rows.length > query.limit;
    rows = rows.slice(0, query.limit);
  } else {
    const newestFirst = await db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversation.id),
          query.beforeId === undefined ? undefined : lt(chatMessages.id, safeId(query.beforeId)),
          ofTypes,
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(query.limit + 1);
    hasMore = newestFirst.length > query.limit;
    rows = newestFirst.slice(0, query.limit).reverse();
  }
  await markDelivered(db, conversation, side);
  return { messages: await presentMessages(db, lang, side, rows), hasMore };
}

/** The largest id PostgreSQL's bigint holds caps a cursor (a 19-digit cursor beyond it means "all"). */
function safeId(text: string): bigint {
  const value = BigInt(text);
  return value > 9223372036854775807n ? 9223372036854775807n : value;
}

/** Marks what the other side wrote as delivered to `side` and tells the writers' sockets. */
export async function markDelivered(
  db: Database,
  conversation: TConversationRow,
  side: 'buyer' | 'seller' | 'agent',
) {
  const marked = await db
    .update(chatMessages)
    .set({ deliveredAt: new Date() })
    .where(
      and(
        eq(chatMessages.conversationId, conversation.id),
        otherSide(side),
        isNull(chatMessages.deliveredAt),
      ),
    )
    .returning({ id: chatMessages.id });
  if (marked.length > 0) {
    const upToId = largestId(marked);
    publishChatEvent(db, {
      type: 'delivered',
      route: routeOf(conversation),
      by: side,
      upToId: String(upToId),
    });
  }
}
