import type { TChatConversation, TChatConversationPage, TLanguage } from '@caravan/contracts';
import { and, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { chatConversations, chatMessages, orders, staff, stores, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toRowId } from '../notifications';
import { publishChatEvent, routeOf } from './events';
import { markChatNotificationRead } from './notify-recipient';
import type { TChatParty, TChatSide } from './party';
import { largestId, presentMessages } from './present';
import { findProductForCard } from './product-card';

export type TConversationRow = typeof chatConversations.$inferSelect;

export function sideOf(party: TChatParty): TChatSide {
  return party.kind;
}

/** Which conversations a party may read: the buyer's own, the shop's, or (agents) customer service. */
export function accessWhere(party: TChatParty): SQL | undefined {
  switch (party.kind) {
    case 'buyer':
      return eq(chatConversations.buyerUserId, party.userId);
    case 'seller':
      return and(eq(chatConversations.kind, 'shop'), eq(chatConversations.storeId, party.storeId));
    case 'agent':
      return eq(chatConversations.kind, 'service');
  }
}

/** The conversation if the party may read it; anyone else's is "not found" (no hint it exists). */
export async function findConversationFor(
  db: Executor,
  party: TChatParty,
  idText: string,
  options: { isLocked?: boolean } = {},
): Promise<TConversationRow> {
  const id = toRowId(idText);
  if (id === null) {
    throw new AppError('CHAT_NOT_FOUND');
  }
  const query = db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), accessWhere(party)));
  const [row] = options.isLocked ? await query.for('update') : await query;
  if (!row) {
    throw new AppError('CHAT_NOT_FOUND');
  }
  return row;
}

/** The unread count of the party's side in a conversation. */
export function unreadOf(row: TConversationRow, party: TChatParty): number {
  return party.kind === 'buyer' ? row.buyerUnread : row.staffUnread;
}

/** Conversations as `party` lists them, newest activity first. */
export async function presentConversations(
  db: Executor,
  lang: TLanguage,
  party: TChatParty,
  rows: TConversationRow[],
): Promise<TChatConversation[]> {
  const storeIds = [...new Set(rows.map((r) => r.storeId).filter((v): v is bigint => v !== null))];
  const buyerIds = [...new Set(rows.map((r) => r.buyerUserId))];
  const agentIds = [...new Set(rows.map((r) => r.agentStaffId).filter((v): v is bigint => v !== null))];
  const lastIds = rows.map((r) => r.lastMessageId).filter((v): v is bigint => v !== null);
  const [storeRows, buyerRows, agentRows, lastRows] = await Promise.all([
    storeIds.length
      ? db
          .select({ id: stores.id, name: stores.name, logo: stores.logoUrl })
          .from(stores)
          .where(inArray(stores.id, storeIds))
      : [],
    party.kind !== 'buyer' && buyerIds.length
      ? db
          .select({
            id: users.id,
            name: sql<string>`coalesce(${users.username}, ${users.usercode})`,
            avatar: users.avatar,
          })
          .from(users)
          .where(inArray(users.id, buyerIds))
      : [],
    agentIds.length
      ? db.select({ id: staff.id, name: staff.displayName }).from(staff).where(inArray(staff.id, agentIds))
      : [],
    lastIds.length ? db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds)) : [],
  ]);
  const storesById = new Map(storeRows.map((s) => [s.id, s]));
  const buyersById = new Map(buyerRows.map((b) => [b.id, b]));
  const agentsById = new Map(agentRows.map((a) => [a.id, a]));
  const lastMessages = new Map(
    (await presentMessages(db, lang, sideOf(party), lastRows)).map((m) => [m.id, m]),
  );
  return rows.map((row): TChatConversation => {
    let peer: TChatConversation['peer'];
    if (party.kind === 'buyer') {
      const store = row.storeId === null ? undefined : storesById.get(row.storeId);
      peer = store
        ? { id: String(store.id), name: store.name, avatar: store.logo }
        : { id: 'service', name: '', avatar: null };
    } else {
      const buyer = buyersById.get(row.buyerUserId);
      peer = {
        id: String(row.buyerUserId),
        name: buyer?.name ?? '',
        avatar: buyer ? String(buyer.avatar) : null,
      };
    }
    const agent = row.agentStaffId === null ? undefined : agentsById.get(row.agentStaffId);
    return {
      id: String(row.id),
      kind: row.kind,
      status: row.status,
      peer,
      agent: agent ? { id: String(agent.id), name: agent.name } : null,
      unread: unreadOf(row, party),
      lastMessage: row.lastMessageId === null ? null : (lastMessages.get(String(row.lastMessageId)) ?? null),
      lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
      createtime: row.createdAt.toISOString(),
    };
  });
}

/** A buyer's or a shop's conversations, paged; only those with at least one message. */
export async function listConversations(
  db: Database,
  lang: TLanguage,
  party: TChatParty,
  page: { pageNum: number; pageSize: number },
  extraWhere?: SQL,
): Promise<TChatConversationPage> {
  const where = and(accessWhere(party), isNotNull(chatConversations.lastMessageId), extraWhere);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(chatConversations)
      .where(where)
      .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: count() }).from(chatConversations).where(where),
  ]);
  return {
    pageList: await presentConversations(db, lang, party, rows),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    total: Number(total?.n ?? 0),
  };
}

/** The buyer's one conversation with customer service, created on first use. */
export async function openServiceConversation(db: Database, buyerUserId: bigint): Promise<TConversationRow> {
  const [created] = await db
    .insert(chatConversations)
    .values({ kind: 'service', buyerUserId, status: 'waiting' })
    .onConflictDoNothing()
    .returning();
  if (created) {
    return created;
  }
  const [found] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.kind, 'service'), eq(chatConversations.buyerUserId, buyerUserId)));
  return found!;
}

/**
 * The buyer's conversation with a shop (created on first use), optionally about a product of that
 * shop or one of the buyer's orders from it, which then appears as a card unless it is the last message.
 * The product must be one a card may show (on sale, product-card.ts). A suspended shop's goods leave the storefront
 * (docs/roles.md) and so does the shop: it is reached only about one of the buyer's orders, which it still ships.
 */
export async function openShopConversation(
  db: Database,
  input: {
    buyerUserId: bigint;
    storeId: string;
    productId?: string | undefined;
    orderNo?: string | undefined;
  },
): Promise<{ conversation: TConversationRow; card: { type: 'product' | 'order'; content: string } | null }> {
  const storeId = toRowId(input.storeId);
  const [store] =
    storeId === null
      ? []
      : await db
          .select({ id: stores.id, ownerUserId: stores.ownerUserId, status: stores.status })
          .from(stores)
          .where(eq(stores.id, storeId));
  if (!store) {
    throw new AppError('STORE_NOT_FOUND');
  }
  if (store.ownerUserId === input.buyerUserId) {
    throw new AppError('CHAT_OWN_STORE');
  }
  if (store.status !== 'active' && input.orderNo === undefined) {
    throw new AppError('STORE_NOT_FOUND');
  }
  let card: { type: 'product' | 'order'; content: string } | null = null;
  if (input.productId !== undefined) {
    const product = await findProductForCard(db, toRowId(input.productId), store.id);
    card = { type: 'product', content: String(product.id) };
  } else if (input.orderNo !== undefined) {
    const [order] = await db
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(
        and(
          eq(orders.orderNo, input.orderNo),
          eq(orders.buyerUserId, input.buyerUserId),
          eq(orders.storeId, store.id),
        ),
      );
    if (!order) {
      throw new AppError('ORDER_NOT_FOUND');
    }
    card = { type: 'order', content: order.orderNo };
  }
  const [created] = await db
    .insert(chatConversations)
    .values({ kind: 'shop', buyerUserId: input.buyerUserId, storeId: store.id, status: 'open' })
    .onConflictDoNothing()
    .returning();
  const conversation =
    created ??
    (
      await db
        .select()
        .from(chatConversations)
        .where(
          and(
            eq(chatConversations.kind, 'shop'),
            eq(chatConversations.buyerUserId, input.buyerUserId),
            eq(chatConversations.storeId, store.id),
          ),
        )
    )[0]!;
  return { conversation, card };
}

/** Marks everything the other side wrote as read and clears the party's unread counter. */
export async function markConversationRead(
  db: Database,
  party: TChatParty,
  idText: string,
): Promise<{ unread: number }> {
  return db.transaction(async (tx) => {
    const conversation = await findConversationFor(tx, party, idText, { isLocked: true });
    const side = sideOf(party);
    const now = new Date();
    const marked = await tx
      .update(chatMessages)
      .set({ readAt: now, deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, ${now})` })
      .where(
        and(
          eq(chatMessages.conversationId, conversation.id),
          otherSide(side),
          sql`${chatMessages.readAt} is null`,
        ),
      )
      .returning({ id: chatMessages.id });
    const counter = party.kind === 'buyer' ? { buyerUnread: 0 } : { staffUnread: 0 };
    if (marked.length > 0 || unreadOf(conversation, party) > 0) {
      await tx.update(chatConversations).set(counter).where(eq(chatConversations.id, conversation.id));
      const upToId = largestId(marked);
      const route = routeOf(conversation);
      if (upToId > 0n) {
        publishChatEvent(tx, { type: 'read', route, by: side, upToId: String(upToId) });
      }
      publishChatEvent(tx, { type: 'unread', route });
    }
    await markChatNotificationRead(tx, conversation, party);
    return { unread: 0 };
  });
}

/** Messages written by the other side than `side` (for agents: by the buyer). */
export function otherSide(side: TChatSide): SQL {
  return side === 'buyer' ? sql`${chatMessages.sender} <> 'buyer'` : eq(chatMessages.sender, 'buyer');
}
