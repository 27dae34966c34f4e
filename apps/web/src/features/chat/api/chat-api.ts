import type {
  TCannedReply,
  TChatConversation,
  TChatConversationPage,
  TChatHistory,
  TChatMessage,
  TChatSendRequest,
  TChatUnread,
  TCsCustomerContext,
  TCsSearchPage,
  TCsStats,
  TCsUnread,
  TImage,
  TNotificationPage,
  TNotificationUnread,
  TProductPage,
  TSellerProductsResponse,
  TUnreadCount,
} from '@caravan/contracts';
import { api, type TApiAudience } from '../../../lib/api';

/** A product the card picker lists: its shop's name where the list spans shops. */
export type TPickableProduct = {
  id: string;
  name: string;
  image: TImage | null;
  price: string;
  storeName: string | null;
};

/** How many products the card picker lists for a keyword. */
const PRODUCT_PICKER_SIZE = 8;

/** Who is chatting: a buyer (storefront), a shop (/seller) or an agent (/cs). */
export type TChatScope = 'buyer' | 'seller' | 'cs';

const BASE: Record<TChatScope, string> = { buyer: '/chat', seller: '/seller/chat', cs: '/cs' };
export const AUDIENCE: Record<TChatScope, TApiAudience> = { buyer: 'buyer', seller: 'seller', cs: 'staff' };

export const chatKeys = {
  all: ['chat'] as const,
  unread: (scope: TChatScope) => ['chat', scope, 'unread'] as const,
  conversations: (scope: TChatScope, view: string, page: number, q = '') =>
    ['chat', scope, 'conversations', view, page, q] as const,
  conversation: (scope: TChatScope, id: string) => ['chat', scope, 'conversation', id] as const,
  notifications: (audience: 'buyer' | 'seller', page: number) => ['notifications', audience, page] as const,
  notificationsUnread: (audience: 'buyer' | 'seller') => ['notifications', audience, 'unread'] as const,
  /** The list pages and the unread count of one audience. */
  notificationsOf: (audience: 'buyer' | 'seller') => ['notifications', audience] as const,
};

export const chatApi = {
  conversations: (
    scope: TChatScope,
    query: { pageNum: number; pageSize?: number; view?: string; q?: string },
  ) =>
    api.get<TChatConversationPage>(`${BASE[scope]}/conversations`, {
      query: {
        pageNum: query.pageNum,
        pageSize: query.pageSize ?? 20,
        view: query.view,
        q: query.q || undefined,
      },
      audience: AUDIENCE[scope],
    }),
  conversation: (scope: TChatScope, id: string) =>
    api.get<TChatConversation>(`${BASE[scope]}/conversations/${id}`, { audience: AUDIENCE[scope] }),
  history: (scope: TChatScope, id: string, query: { beforeId?: string; afterId?: string; limit?: number }) =>
    api.get<TChatHistory>(`${BASE[scope]}/conversations/${id}/messages`, {
      query: { beforeId: query.beforeId, afterId: query.afterId, limit: query.limit },
      audience: AUDIENCE[scope],
    }),
  send: (scope: TChatScope, id: string, body: TChatSendRequest) =>
    api.post<TChatMessage>(`${BASE[scope]}/conversations/${id}/messages`, body, {
      audience: AUDIENCE[scope],
    }),
  /**
   * Products on sale matching a keyword, for a product card: an agent searches the storefront, a shop its own goods
   * on the shelf (the only ones it may send).
   */
  searchProducts: async (
    scope: 'cs' | 'seller',
    keyword: string,
    signal?: AbortSignal,
  ): Promise<TPickableProduct[]> => {
    if (scope === 'seller') {
      const page = await api.get<TSellerProductsResponse>('/seller/products', {
        query: { keyword, state: 'onShelf', pageNum: 1, pageSize: PRODUCT_PICKER_SIZE },
        audience: 'seller',
        signal,
      });
      return page.pageList.map(({ id, name, image, price }) => ({ id, name, image, price, storeName: null }));
    }
    const page = await api.get<TProductPage>('/catalog/search/goods', {
      query: { k: keyword, pageNum: 1, pageSize: PRODUCT_PICKER_SIZE },
      signal,
    });
    return page.pageList.map(({ id, name, image, price, storeName }) => ({
      id,
      name,
      image,
      price,
      storeName,
    }));
  },
  read: (scope: TChatScope, id: string) =>
    api.post<TUnreadCount>(`${BASE[scope]}/conversations/${id}/read`, {}, { audience: AUDIENCE[scope] }),
  open: (
    body: { kind: 'service' } | { kind: 'shop'; storeId: string; productId?: string; orderNo?: string },
  ) => api.post<TChatConversation>('/chat/conversations', body),
  buyerUnread: () => api.get<TChatUnread>('/chat/unread'),
  sellerUnread: () => api.get<TUnreadCount>('/seller/chat/unread', { audience: 'seller' }),
  csUnread: () => api.get<TCsUnread>('/cs/unread', { audience: 'staff' }),
  externalLink: (productId?: string) =>
    api.post<{ url: string | null }>('/chat/external-link', productId ? { productId } : {}),
  csAction: (id: string, action: 'close' | 'reopen') =>
    api.post<TChatConversation>(`/cs/conversations/${id}/${action}`, {}, { audience: 'staff' }),
  /** A waiting conversation, or with `takeOverFrom` one that colleague has open (409 when it changed hands). */
  csClaim: (id: string, takeOverFrom?: string) =>
    api.post<TChatConversation>(
      `/cs/conversations/${id}/claim`,
      takeOverFrom === undefined ? {} : { takeOverFrom },
      { audience: 'staff' },
    ),
  csTransfer: (id: string, staffId: string) =>
    api.post<TChatConversation>(`/cs/conversations/${id}/transfer`, { staffId }, { audience: 'staff' }),
  csContext: (id: string) =>
    api.get<TCsCustomerContext>(`/cs/conversations/${id}/context`, { audience: 'staff' }),
  csAgents: () =>
    api.get<{ agents: { id: string; name: string; isOnline: boolean }[] }>('/cs/agents', {
      audience: 'staff',
    }),
  csSearch: (q: string, pageNum: number) =>
    api.get<TCsSearchPage>('/cs/search', { query: { q, pageNum }, audience: 'staff' }),
  csStats: (days: number) => api.get<TCsStats>('/cs/stats', { query: { days }, audience: 'staff' }),
  cannedReplies: () => api.get<{ replies: TCannedReply[] }>('/cs/canned-replies', { audience: 'staff' }),
  saveCanned: (body: { title: string; content: string; sort: number }, id?: string) =>
    id
      ? api.put<TCannedReply>(`/admin/chat/canned-replies/${id}`, body, { audience: 'staff' })
      : api.post<TCannedReply>('/admin/chat/canned-replies', body, { audience: 'staff' }),
  deleteCanned: (id: string) =>
    api.delete<{ ok: true }>(`/admin/chat/canned-replies/${id}`, { audience: 'staff' }),
  notifications: (audience: 'buyer' | 'seller', pageNum: number, pageSize = 20) =>
    api.get<TNotificationPage>(audience === 'buyer' ? '/notifications' : '/seller/notifications', {
      query: { pageNum, pageSize },
      audience,
    }),
  notificationsUnread: (audience: 'buyer' | 'seller') =>
    api.get<TNotificationUnread>(
      audience === 'buyer' ? '/notifications/unread' : '/seller/notifications/unread',
      {
        audience,
      },
    ),
  markNotificationRead: (audience: 'buyer' | 'seller', id: string) =>
    api.post<TUnreadCount>(
      `${audience === 'buyer' ? '/notifications' : '/seller/notifications'}/${id}/read`,
      {},
      { audience },
    ),
  markAllNotificationsRead: (audience: 'buyer' | 'seller') =>
    api.post<TUnreadCount>(
      `${audience === 'buyer' ? '/notifications' : '/seller/notifications'}/read-all`,
      {},
      { audience },
    ),
  settings: () =>
    api.get<{ data: Record<string, string> }>('/system-params', {
      query: { codes: 'customer_service_url,chat_poll_seconds,chat_unread_poll_seconds,chat_image_max_kb' },
    }),
};
