import { z } from 'zod';
import { V, zId, zWhole, zWholeFromText } from '../validation';
import { ZPageOf, zPageParams } from './catalog';
import { LOAN_OFFER_OUTCOMES } from './loans';
import { zUploadRef } from './upload-ref';

export const CHAT_TEXT_MAX = 2000;
export const CHAT_HISTORY_PAGE = 30;
export const CHAT_CLIENT_ID_MAX = 64;
export const CHAT_IMAGE_TYPES = ['jpeg', 'png'] as const;
export const CHAT_MESSAGE_TYPE_NAMES = ['text', 'img', 'product', 'order'] as const;
export type TChatMessageType = (typeof CHAT_MESSAGE_TYPE_NAMES)[number];
export const CHAT_CS_VIEWS = ['waiting', 'mine', 'all'] as const;
export type TChatCsView = (typeof CHAT_CS_VIEWS)[number];

/** Message text: shown as text, never as HTML; NUL and other control characters but tab/newline refused. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is exactly about control characters
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Characters that show nothing: white space, zero-width spaces and joiners, direction marks, the byte-order mark. */
const INVISIBLE_CHARS = /[\s\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/** Whether a message would show anything (one of only invisible characters is an empty bubble). */
export function hasVisibleChatText(text: string): boolean {
  return text.replace(INVISIBLE_CHARS, '').length > 0;
}

export const zChatText = z
  .string({ error: V.chatTextEmpty })
  .trim()
  .refine(hasVisibleChatText, { error: V.chatTextEmpty })
  .max(CHAT_TEXT_MAX, { error: V.chatText })
  .refine((text) => !CONTROL_CHARS.test(text), { error: V.chatText });

/** The sender's own id for a message (offline outbox): letters, digits, dash, underscore. */
export const zChatClientId = z.string().regex(new RegExp(`^[A-Za-z0-9_-]{1,${CHAT_CLIENT_ID_MAX}}$`), {
  error: V.required,
});

/** An upload reference as answered by POST /api/v1/uploads with moduleName `chat` (`/uploads/img/ab/<hash>-<width>.webp`). */
export const zChatImageRef = zUploadRef;

export const ZChatSendRequest = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), content: zChatText, clientId: zChatClientId.optional() }),
  z.strictObject({ type: z.literal('img'), content: zChatImageRef, clientId: zChatClientId.optional() }),
  // A product card (its id): a product on sale, in a shop conversation one of that shop's.
  z.strictObject({
    type: z.literal('product'),
    content: z.string({ error: V.id }).regex(/^[1-9]\d{0,17}$/, { error: V.id }),
    clientId: zChatClientId.optional(),
  }),
]);
export type TChatSendRequest = z.input<typeof ZChatSendRequest>;

/** Opening a conversation: with customer service, or with a shop about a product or an order. */
export const ZChatOpenRequest = z.union([
  z.strictObject({ kind: z.literal('service') }),
  z.strictObject({
    kind: z.literal('shop'),
    storeId: zId,
    productId: zId.optional(),
    orderNo: z.string().trim().min(1).max(40).optional(),
  }),
]);
export type TChatOpenRequest = z.input<typeof ZChatOpenRequest>;

export const ZChatProductCard = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  price: z.string(),
});
export const ZChatOrderCard = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  total: z.string(),
  itemName: z.string(),
  image: z.string().nullable(),
});

/** SPEC §3 chat message: id, send_receive (send = the reader's own), content, type, createtime. */
export const ZChatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  send_receive: z.enum(['send', 'receive']),
  sender: z.enum(['buyer', 'seller', 'agent']),
  content: z.string(),
  type: z.enum(CHAT_MESSAGE_TYPE_NAMES),
  createtime: z.string(),
  clientId: z.string().nullable(),
  isDelivered: z.boolean(),
  isRead: z.boolean(),
  product: ZChatProductCard.nullable(),
  order: ZChatOrderCard.nullable(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZChatConversation = z.object({
  id: z.string(),
  kind: z.enum(['service', 'shop']),
  status: z.enum(['waiting', 'open', 'closed']),
  /** The other side as the reader sees it: the shop for a buyer, the buyer for a seller or an agent. */
  peer: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  unread: z.number().int(),
  lastMessage: ZChatMessage.nullable(),
  lastMessageAt: z.string().nullable(),
  createtime: z.string(),
});
export type TChatConversation = z.infer<typeof ZChatConversation>;

export const ZChatConversationPage = ZPageOf(ZChatConversation);
export type TChatConversationPage = z.infer<typeof ZChatConversationPage>;
export const ZChatConversationParams = z.strictObject({ id: zId });

export const ZChatHistoryQuery = z.object({
  beforeId: zId.optional(),
  afterId: zId.optional(),
  limit: zWholeFromText(1, 100).default(CHAT_HISTORY_PAGE),
});
export type TChatHistoryQuery = z.output<typeof ZChatHistoryQuery>;
export const ZChatHistory = z.object({ messages: z.array(ZChatMessage), hasMore: z.boolean() });
export type TChatHistory = z.infer<typeof ZChatHistory>;

export const ZChatUnread = z.object({ service: z.number().int(), shops: z.number().int() });
export type TChatUnread = z.infer<typeof ZChatUnread>;

export const ZChatListQuery = z.object({ ...zPageParams(20) });
export const ZCsListQuery = z.object({
  view: z.enum(CHAT_CS_VIEWS).default('waiting'),
  q: z.string().trim().max(64).optional(),
  ...zPageParams(20),
});
export type TCsListQuery = z.output<typeof ZCsListQuery>;
export const ZCsTransferRequest = z.strictObject({ staffId: zId });
/**
 * Claiming a conversation: a waiting one goes to the first agent who asks; one a colleague has open only with
 * `takeOverFrom` naming that colleague (the console asks first), so two agents pressing at once do not both "win".
 */
export const ZCsClaimRequest = z.strictObject({ takeOverFrom: zId.optional() });
export type TCsClaimRequest = z.input<typeof ZCsClaimRequest>;
export const ZCsAgent = z.object({ id: z.string(), name: z.string(), isOnline: z.boolean() });
export const ZCsAgentList = z.object({ agents: z.array(ZCsAgent) });
export const ZCsUnread = z.object({ waiting: z.number().int(), mine: z.number().int() });
export type TCsUnread = z.infer<typeof ZCsUnread>;

export const ZCsSearchQuery = z.object({
  q: z.string().trim().min(1, { error: V.required }).max(64),
  ...zPageParams(20),
});
export const ZCsSearchHit = z.object({
  conversationId: z.string(),
  buyerName: z.string(),
  message: ZChatMessage,
});
export const ZCsSearchPage = ZPageOf(ZCsSearchHit);
export type TCsSearchPage = z.infer<typeof ZCsSearchPage>;

export const ZCsCustomerContext = z.object({
  account: z.object({
    id: z.string(),
    usercode: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    status: z.string(),
    createtime: z.string(),
  }),
  orders: z.array(
    z.object({ orderNo: z.string(), status: z.number().int(), total: z.string(), createtime: z.string() }),
  ),
  wallet: z.object({
    balance: z.string(),
    held: z.string(),
    unfinished: z
      .object({
        type: z.enum(['recharge', 'withdrawal']),
        id: z.string(),
        amount: z.string(),
        createtime: z.string(),
      })
      .nullable(),
  }),
  /**
   * The customer's open loan, else the latest. amount: the amount lent (approved) when there is one, else the amount
   * asked for (isApproved false); for a paid-out loan not yet repaid, what is owed now, the next instalment and
   * whether it is overdue.
   */
  loan: z
    .object({
      status: z.string(),
      amount: z.string(),
      isApproved: z.boolean(),
      /** The amount asked for, shown beside a lower amount approved (an offer) so the agent can explain the gap. */
      askedAmount: z.string(),
      /** How a counter-offer ended: a failed loan whose offer was declined or lapsed was not rejected by staff. */
      offerOutcome: z.enum(LOAN_OFFER_OUTCOMES).nullable(),
      owed: z
        .object({
          total: z.string(),
          nextDue: z.string(),
          nextDueDate: z.string().nullable(),
          isOverdue: z.boolean(),
          overdueDays: z.number().int(),
        })
        .nullable(),
    })
    .nullable(),
  /** What the agent may open next to the chat (links in the console). */
  permissions: z.array(z.string()),
});
export type TCsCustomerContext = z.infer<typeof ZCsCustomerContext>;

export const ZCannedReplyRequest = z.strictObject({
  title: z.string().trim().min(1, { error: V.required }).max(64, { error: V.tooLong }),
  content: zChatText,
  sort: zWhole(0, 9999).default(0),
});
export type TCannedReplyRequest = z.input<typeof ZCannedReplyRequest>;
export const ZCannedReply = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  sort: z.number(),
});
export const ZCannedReplyList = z.object({ replies: z.array(ZCannedReply) });
export type TCannedReply = z.infer<typeof ZCannedReply>;

export const ZCsStatsQuery = z.object({ days: zWholeFromText(1, 90).default(7) });
export const ZCsStats = z.object({
  days: z.number().int(),
  periods: z.number().int(),
  answered: z.number().int(),
  closed: z.number().int(),
  waitingNow: z.number().int(),
  firstResponseAvgSeconds: z.number().nullable(),
  firstResponseP90Seconds: z.number().nullable(),
  resolutionAvgSeconds: z.number().nullable(),
  byDay: z.array(
    z.object({
      day: z.string(),
      periods: z.number().int(),
      firstResponseAvgSeconds: z.number().nullable(),
      resolutionAvgSeconds: z.number().nullable(),
    }),
  ),
});
export type TCsStats = z.infer<typeof ZCsStats>;

/** What the socket sends (server -> client). */
export type TSocketServerEvent =
  | { type: 'hello'; party: 'buyer' | 'seller' | 'agent'; heartbeatMs: number }
  | { type: 'pong'; at: number }
  | { type: 'message'; message: TChatMessage }
  | { type: 'delivered' | 'read'; conversationId: string; upToId: string }
  | { type: 'conversation'; conversationId: string; status: string; agentId: string | null }
  | { type: 'unread'; scope: 'chat' | 'notifications' }
  | { type: 'error'; code: string };
