import { ArrowLeftOutlined, CloseOutlined, MinusOutlined, ShopOutlined, UpOutlined } from '@ant-design/icons';
import type { TChatConversation } from '@caravan/contracts';
import { CHAT_DIALOG } from '@caravan/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Empty, Spin, Tabs } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import { ItemList, ItemListItem } from '../../../components/ui/item-list';
import { LoadError } from '../../../components/ui/load-error';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { buildLoginPath, isLoggedIn, useSession } from '../../../lib/session';
import { chatApi, chatKeys } from '../api/chat-api';
import { useChatContext } from './chat-provider';
import { ConversationView } from './conversation-view';
import { NotificationList } from './notification-list';
import '../chat.css';

/** The width below which the dialog fills the screen (chat.css, .cv-chat-dialog). */
const FULL_SCREEN_QUERY = '(max-width: 575px)';

function subscribeToFullScreen(onChange: () => void) {
  const query = window.matchMedia?.(FULL_SCREEN_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the dialog fills the screen (a phone), where it has no place of its own to be dragged to. */
function useIsFullScreen(): boolean {
  return useSyncExternalStore(
    subscribeToFullScreen,
    () => window.matchMedia?.(FULL_SCREEN_QUERY).matches ?? false,
    () => false,
  );
}

/** Drags the dialog by its title bar; once moved it keeps its place (left/top) until closed. */
function useDrag(panelRef: React.RefObject<HTMLDivElement | null>, isFullScreen: boolean) {
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const onPointerDown = (event: React.PointerEvent) => {
    if ((event.target as HTMLElement).closest('button') || isFullScreen) {
      return;
    }
    const panel = panelRef.current;
    if (!panel) {
      return;
    }
    const rect = panel.getBoundingClientRect();
    const dx = event.clientX - rect.left;
    const dy = event.clientY - rect.top;
    const move = (e: PointerEvent) => {
      const left = Math.min(Math.max(0, e.clientX - dx), window.innerWidth - 120);
      const top = Math.min(Math.max(0, e.clientY - dy), window.innerHeight - 48);
      setPosition({ left, top });
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return { position, onPointerDown };
}

/** The dialog's notifications tab: its page is the dialog's own, not the URL of the page under it. */
function DialogNotifications({ onChange }: { onChange: () => void }) {
  const [page, setPage] = useState(1);
  return (
    <NotificationList audience="buyer" page={page} onPageChange={setPage} pageSize={10} onChange={onChange} />
  );
}

function ConversationList({ onOpen }: { onOpen: (conversation: TChatConversation) => void }) {
  const { t } = useTranslation('chat');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: chatKeys.conversations('buyer', 'shops', page),
    queryFn: () => chatApi.conversations('buyer', { pageNum: page, pageSize: 20 }),
  });
  if (query.isLoading) {
    return <Spin className="cv-chat__spin" />;
  }
  if (query.isError) {
    return (
      <LoadError
        message={isApiError(query.error) ? query.error.message : t('errors.load')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const shops = (query.data?.pageList ?? []).filter((c) => c.kind === 'shop');
  if (shops.length === 0) {
    return <Empty description={t('list.empty')} />;
  }
  return (
    <ItemList
      items={shops}
      itemKey={(conversation) => conversation.id}
      paging={
        (query.data?.total ?? 0) > 20
          ? { current: page, pageSize: 20, total: query.data?.total ?? 0, onChange: setPage, size: 'small' }
          : undefined
      }
      renderItem={(conversation) => (
        <ItemListItem>
          <button type="button" className="cv-chat__list-item" onClick={() => onOpen(conversation)}>
            <Badge count={conversation.unread} size="small">
              <ShopOutlined aria-hidden className="cv-chat__list-icon" />
            </Badge>
            <span className="cv-chat__list-text">
              <span className="cv-chat__list-name" dir="auto">
                {conversation.peer.name}
              </span>
              <span className="cv-chat__list-last" dir="auto">
                {conversation.lastMessage?.type === 'text'
                  ? conversation.lastMessage.content
                  : t(`preview.${conversation.lastMessage?.type ?? 'text'}`)}
              </span>
            </span>
            <time className="cv-chat__list-time" dir="ltr">
              {formatDateTime(conversation.lastMessageAt)}
            </time>
          </button>
        </ItemListItem>
      )}
    />
  );
}

/**
 * The chat dialog of SPEC §2: 480 x 680 at the bottom right (bottom left in right-to-left languages), draggable,
 * resizable, minimisable; on a phone it fills the screen. It stays open while the visitor browses. Visitors are asked
 * to log in.
 */
export default function ChatDialog() {
  const { t } = useTranslation('chat');
  const session = useSession();
  const location = useLocation();
  const { dialog, setDialog, socket, isSocketOpen, settings, refreshUnread, unread } = useChatContext();
  const panelRef = useRef<HTMLDivElement>(null);
  const isFullScreen = useIsFullScreen();
  const { position, onPointerDown } = useDrag(panelRef, isFullScreen);
  const [isMinimised, setIsMinimised] = useState(false);
  const [conversation, setConversation] = useState<TChatConversation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const target = dialog.target;
  const isUser = isLoggedIn(session);

  useEffect(() => {
    setError(null);
    if (!isUser || target.kind === 'list') {
      setConversation(null);
      return;
    }
    let isCurrent = true;
    setConversation(null);
    const request =
      target.kind === 'service'
        ? chatApi.open({ kind: 'service' })
        : chatApi.open({
            kind: 'shop',
            storeId: target.storeId,
            ...(target.productId ? { productId: target.productId } : {}),
            ...(target.orderNo ? { orderNo: target.orderNo } : {}),
          });
    request
      .then((opened) => {
        if (isCurrent) {
          setConversation(opened);
        }
      })
      .catch((e: unknown) => {
        if (isCurrent) {
          setError(isApiError(e) ? e.message : t('errors.load'));
        }
      });
    return () => {
      isCurrent = false;
    };
  }, [target, isUser, t]);

  // Customer service closing (or a message reopening) the conversation reaches the open dialog as it happens.
  useEffect(() => {
    if (!socket) {
      return;
    }
    return socket.on((event) => {
      const { status } = event;
      if (
        event.type === 'conversation' &&
        (status === 'waiting' || status === 'open' || status === 'closed')
      ) {
        setConversation((current) =>
          current && current.id === event.conversationId ? { ...current, status } : current,
        );
      }
    });
  }, [socket]);

  const close = () => setDialog({ ...dialog, isOpen: false });
  // Minimised, the panel is only its title bar; the size the visitor gave it comes back on restore.
  const savedHeight = useRef('');
  const toggleMinimised = (next: boolean) => {
    const panel = panelRef.current;
    if (panel) {
      if (next) {
        savedHeight.current = panel.style.height;
        panel.style.height = 'auto';
      } else {
        panel.style.height = savedHeight.current;
      }
    }
    setIsMinimised(next);
  };
  // A shop's name from the button that opened it while the conversation opens (not "Customer service").
  const title =
    target.kind === 'list' && !conversation
      ? t('dialog.messages')
      : conversation?.kind === 'shop'
        ? conversation.peer.name
        : target.kind === 'shop'
          ? (target.storeName ?? t('contactSeller'))
          : t('dialog.service');
  // A place it was dragged to on a wide screen would push it off a narrowed one, which it fills. The sides are
  // physical, as the pointer's are: in a right-to-left page `insetInlineEnd: 'auto'` was the left, undoing the drag.
  const isMoved = position !== null && !isFullScreen;
  const style: React.CSSProperties = isMoved
    ? { left: position.left, top: position.top, right: 'auto', bottom: 'auto' }
    : {};
  // The size is set once: the visitor may then resize the panel (CSS resize) without a re-render undoing it.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (panel) {
      panel.style.width = `${Math.min(CHAT_DIALOG.width, window.innerWidth - 16)}px`;
      panel.style.height = `${Math.min(CHAT_DIALOG.height, window.innerHeight - 16)}px`;
    }
  }, []);

  // Opened from a button (the header's, a product's "contact the seller"), the keyboard follows into the panel, which
  // comes after the whole page in its order, and goes back to that button when the panel closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus({ preventScroll: true });
    return () => {
      const focused = document.activeElement;
      if (opener?.isConnected && (focused === null || focused === document.body)) {
        opener.focus({ preventScroll: true });
      }
    };
  }, []);
  // Once a conversation shows, the keyboard is in its message box, what the visitor came to use: it stayed on the
  // panel, five Tab presses (minimise, close, earlier messages, a picture, the picture button) before it. Not when
  // the visitor has put the focus somewhere already.
  useEffect(() => {
    const panel = panelRef.current;
    const focused = document.activeElement;
    if (!conversation || !panel || (focused !== panel && focused !== null && focused !== document.body)) {
      return;
    }
    panel.querySelector<HTMLTextAreaElement>('.cv-chat__composer textarea')?.focus({ preventScroll: true });
  }, [conversation]);
  // Escape inside the panel closes it (below). With the focus nowhere in particular (the page's body: a click on an
  // empty spot, or the control that had it gone), Escape means the panel too: there is nothing else it could close.
  const closeRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const focused = document.activeElement;
      if (
        event.key === 'Escape' &&
        !event.defaultPrevented &&
        (focused === null || focused === document.body)
      ) {
        closeRef.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  closeRef.current = close;

  return (
    <section
      ref={panelRef}
      tabIndex={-1}
      className={`cv-chat-dialog${isMinimised ? ' is-minimised' : ''}${isMoved ? ' is-moved' : ''}`}
      style={style}
      role="dialog"
      aria-label={title}
      onKeyDown={(event) => {
        // Escape closes the panel (the conversation is kept) and the keyboard goes back to its opener. Not an Escape
        // meant for a layer in a portal, which React bubbles here too (a picture's enlarged preview).
        if (event.key === 'Escape' && panelRef.current?.contains(event.target as Node)) {
          close();
        }
      }}
    >
      <header className="cv-chat-dialog__bar" onPointerDown={onPointerDown}>
        {target.kind === 'list' && conversation && (
          <Button
            type="text"
            size="small"
            icon={<ArrowLeftOutlined aria-hidden className="cv-flip-rtl" />}
            aria-label={t('dialog.back')}
            onClick={() => setConversation(null)}
          />
        )}
        <h2 className="cv-chat-dialog__title">
          {/* A shop's name keeps its own direction in a title bar of the page's. */}
          <bdi>{title}</bdi>
        </h2>
        <Button
          type="text"
          size="small"
          icon={isMinimised ? <UpOutlined aria-hidden /> : <MinusOutlined aria-hidden />}
          aria-label={isMinimised ? t('dialog.restore') : t('dialog.minimise')}
          onClick={() => toggleMinimised(!isMinimised)}
        />
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined aria-hidden />}
          aria-label={t('dialog.close')}
          onClick={close}
        />
      </header>
      {!isMinimised && (
        <div className="cv-chat-dialog__body">
          {!isUser ? (
            <div className="cv-chat__login">
              <p>{t('dialog.loginFirst')}</p>
              <ButtonLink
                type="primary"
                to={buildLoginPath(location.pathname + location.search)}
                onClick={close}
              >
                {t('dialog.login')}
              </ButtonLink>
            </div>
          ) : error ? (
            <Alert type="error" showIcon title={error} />
          ) : conversation ? (
            <>
              {conversation.kind === 'service' && conversation.status === 'closed' && (
                <p className="cv-chat__notice" role="status">
                  {t('dialog.serviceClosed')}
                </p>
              )}
              <ConversationView
                scope="buyer"
                conversationId={conversation.id}
                socket={socket}
                isSocketOpen={isSocketOpen}
                pollSeconds={settings.pollSeconds}
                imageMaxKb={settings.imageMaxKb}
                onActivity={refreshUnread}
              />
            </>
          ) : target.kind === 'list' ? (
            <Tabs
              className="cv-chat__tabs"
              items={[
                {
                  key: 'shops',
                  // The tabs split the header's count: shops' unread messages, then the other notifications.
                  label: (
                    <span className="cv-chat__tab-label">
                      {t('list.shops')}
                      <Badge count={unread.shops} size="small" />
                    </span>
                  ),
                  children: <ConversationList onOpen={setConversation} />,
                },
                {
                  key: 'notifications',
                  label: (
                    <span className="cv-chat__tab-label">
                      {t('list.notifications')}
                      <Badge count={unread.chat - unread.shops} size="small" />
                    </span>
                  ),
                  children: <DialogNotifications onChange={refreshUnread} />,
                },
              ]}
            />
          ) : (
            <Spin className="cv-chat__spin" />
          )}
        </div>
      )}
    </section>
  );
}
