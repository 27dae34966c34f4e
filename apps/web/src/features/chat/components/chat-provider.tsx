import { UNREAD_POLL_MS } from '@caravan/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { scopeWithAntd } from '../../../lib/antd-lazy';
import { isApiError } from '../../../lib/api';
import { OPEN_CHAT_EVENT, type TChatTarget } from '../../../lib/chat-launcher';
import { isLoggedIn, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { chatApi, chatKeys } from '../api/chat-api';
import { ChatSocket } from '../lib/chat-socket';

const ChatDialog = lazy(() => scopeWithAntd(import('./chat-dialog')));

export type TChatSettings = {
  customerServiceUrl: string;
  pollSeconds: number;
  unreadPollSeconds: number;
  imageMaxKb: number;
};

const DEFAULT_SETTINGS: TChatSettings = {
  customerServiceUrl: '',
  pollSeconds: 5,
  unreadPollSeconds: UNREAD_POLL_MS / 1000,
  imageMaxKb: 2048,
};

export type TDialogState = { isOpen: boolean; target: TChatTarget };

type TChatContext = {
  unread: { service: number; chat: number; shops: number; notifications: number };
  openService: () => void;
  openChat: () => void;
  socket: ChatSocket | null;
  isSocketOpen: boolean;
  settings: TChatSettings;
  dialog: TDialogState;
  setDialog: (next: TDialogState) => void;
  refreshUnread: () => void;
};

const ChatContext = createContext<TChatContext | null>(null);

function readInt(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** `isWanted` false: the defaults, with no request (yet). */
export function useChatSettings(isWanted = true): TChatSettings {
  const query = useQuery({
    queryKey: ['chat', 'settings'],
    queryFn: () => chatApi.settings(),
    staleTime: 5 * 60_000,
    enabled: isWanted,
  });
  const data = query.data?.data;
  // The same object while the answer is the same: the provider's context value (and every consumer) changes
  // only when the settings do, not on each of its renders (such as the one right after hydration).
  return useMemo(
    () => ({
      customerServiceUrl: data?.customer_service_url ?? '',
      pollSeconds: readInt(data?.chat_poll_seconds, DEFAULT_SETTINGS.pollSeconds),
      unreadPollSeconds: readInt(data?.chat_unread_poll_seconds, DEFAULT_SETTINGS.unreadPollSeconds),
      imageMaxKb: readInt(data?.chat_image_max_kb, DEFAULT_SETTINGS.imageMaxKb),
    }),
    [data],
  );
}

/**
 * The storefront's chat state: the live socket, the two header badges (live and polled every 30 s) and the chat
 * dialog, which stays open while the visitor moves between pages. Everything starts after hydration: the server
 * renders zero badges and no dialog (ServerChatProvider).
 */
export const ChatProvider = import.meta.env.SSR ? ServerChatProvider : BrowserChatProvider;

const noop = () => undefined;

/** What BrowserChatProvider gives before hydration: no visitor, default settings, zero counts, no dialog. */
const SERVER_CONTEXT: TChatContext = {
  unread: { service: 0, chat: 0, shops: 0, notifications: 0 },
  openService: noop,
  openChat: noop,
  socket: null,
  isSocketOpen: false,
  settings: DEFAULT_SETTINGS,
  dialog: { isOpen: false, target: { kind: 'service' } },
  setDialog: noop,
  refreshUnread: noop,
};

/**
 * The server's chat provider: the browser's first render without its hooks (three queries that never run on the
 * server, state and effects: 7 % of a page's render in a profile, issue 11). The same two children as the browser's
 * (the page, and the dialog's place, empty until hydrated): React derives useId's ids from that shape.
 */
export function ServerChatProvider({ children }: { children: ReactNode }) {
  return (
    <ChatContext.Provider value={SERVER_CONTEXT}>
      {children}
      {false}
    </ChatContext.Provider>
  );
}

export function BrowserChatProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const isUser = isLoggedIn(session);
  const queryClient = useQueryClient();
  const [isHydrated, setIsHydrated] = useState(false);
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [isSocketOpen, setIsSocketOpen] = useState(false);
  const [dialog, setDialog] = useState<TDialogState>({ isOpen: false, target: { kind: 'service' } });
  // A visitor who is not signed in polls nothing and has no customer-service link: the settings come with the
  // dialog. Asked for on every page load, their request, answer and re-render of the layout were work on the
  // main thread right after hydration (issue 11, TBT).
  const settings = useChatSettings(isHydrated && (isUser || dialog.isOpen));

  useEffect(() => setIsHydrated(true), []);

  useEffect(() => {
    if (!isHydrated || !isUser) {
      setSocket(null);
      setIsSocketOpen(false);
      return;
    }
    const next = new ChatSocket('buyer');
    const stopState = next.onState(setIsSocketOpen);
    const stopEvents = next.on((event) => {
      if (event.type === 'unread' || event.type === 'message') {
        void queryClient.invalidateQueries({ queryKey: chatKeys.unread('buyer') });
        void queryClient.invalidateQueries({ queryKey: chatKeys.notificationsOf('buyer') });
      }
    });
    next.start();
    setSocket(next);
    return () => {
      stopState();
      stopEvents();
      next.stop();
    };
  }, [isHydrated, isUser, queryClient]);

  const pollMs = settings.unreadPollSeconds * 1000;
  const chatUnread = useQuery({
    queryKey: chatKeys.unread('buyer'),
    queryFn: () => chatApi.buyerUnread(),
    enabled: isHydrated && isUser,
    refetchInterval: pollMs,
  });
  const notificationsUnread = useQuery({
    queryKey: chatKeys.notificationsUnread('buyer'),
    queryFn: () => chatApi.notificationsUnread('buyer'),
    enabled: isHydrated && isUser,
    refetchInterval: pollMs,
  });

  const refreshUnread = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread('buyer') });
    void queryClient.invalidateQueries({ queryKey: chatKeys.notificationsUnread('buyer') });
  }, [queryClient]);

  // What changes after hydration (the session read from storage, settings and unread counts from the network, the
  // socket) reaches the context in a deferred render. A context that changes above a part of the page still
  // waiting to hydrate makes React hydrate that part at once, at the change's priority; store updates (useQuery,
  // useSession) are synchronous, so the settings' answer hydrated a page's whole content in one long task (Total
  // Blocking Time, docs/operations.md). A deferred render is a transition that React interrupts and slices.
  const live = useDeferredValue(
    useMemo(
      () => ({
        isUser,
        settings,
        chatUnread: chatUnread.data,
        notificationsUnread: notificationsUnread.data,
        socket,
        isSocketOpen,
      }),
      [isUser, settings, chatUnread.data, notificationsUnread.data, socket, isSocketOpen],
    ),
  );
  const customerServiceUrl = live.settings.customerServiceUrl;
  const isLiveUser = live.isUser;

  const open = useCallback(
    (target: TChatTarget) => {
      if (target.kind === 'service' && customerServiceUrl && isLiveUser) {
        chatApi
          .externalLink(target.productId)
          .then(({ url }) => {
            if (url) {
              window.open(url, '_blank', 'noopener,noreferrer');
            } else {
              setDialog({ isOpen: true, target });
            }
          })
          .catch((error: unknown) => {
            if (isApiError(error)) {
              toast.error(error.message);
            }
          });
        return;
      }
      setDialog({ isOpen: true, target });
    },
    [customerServiceUrl, isLiveUser],
  );

  useEffect(() => {
    const listener = (event: Event) => open((event as CustomEvent<TChatTarget>).detail);
    window.addEventListener(OPEN_CHAT_EVENT, listener);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, listener);
  }, [open]);

  const value = useMemo<TChatContext>(() => {
    const { chatUnread: chatCounts, notificationsUnread: notificationCounts } = live;
    const service = live.isUser ? (chatCounts?.service ?? 0) : 0;
    const shops = live.isUser ? (chatCounts?.shops ?? 0) : 0;
    const notifications = live.isUser ? (notificationCounts?.unread ?? 0) : 0;
    // Notifications about chat messages are already counted by the conversations' unread messages.
    const otherNotifications = live.isUser ? notifications - (notificationCounts?.messages ?? 0) : 0;
    return {
      unread: { service, shops, notifications, chat: shops + otherNotifications },
      openService: () => open({ kind: 'service' }),
      openChat: () => open({ kind: 'list' }),
      socket: live.socket,
      isSocketOpen: live.isSocketOpen,
      settings: live.settings,
      dialog,
      setDialog,
      refreshUnread,
    };
  }, [live, open, dialog, refreshUnread]);

  return (
    <ChatContext.Provider value={value}>
      {children}
      {isHydrated && dialog.isOpen && (
        <Suspense fallback={null}>
          <ChatDialog />
        </Suspense>
      )}
    </ChatContext.Provider>
  );
}

export function useChatContext(): TChatContext {
  const context = useContext(ChatContext);
  if (!context) {
    throw new Error('useChatContext outside ChatProvider');
  }
  return context;
}

/**
 * Header badges (customer service; shop messages plus other notifications) and the user centre's count of
 * unread notifications. Zero outside the provider.
 */
export function useUnreadCounts(): { service: number; chat: number; notifications: number } {
  const context = useContext(ChatContext);
  return context
    ? {
        service: context.unread.service,
        chat: context.unread.chat,
        notifications: context.unread.notifications,
      }
    : { service: 0, chat: 0, notifications: 0 };
}

export function useChatLaunchers(): { openService: () => void; openChat: () => void } {
  const context = useContext(ChatContext);
  return {
    openService: context?.openService ?? (() => undefined),
    openChat: context?.openChat ?? (() => undefined),
  };
}
