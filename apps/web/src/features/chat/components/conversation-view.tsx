import {
  CheckOutlined,
  ClockCircleOutlined,
  CloseOutlined,
  PictureOutlined,
  SendOutlined,
} from '@ant-design/icons';
import {
  CHAT_TEXT_MAX,
  hasVisibleChatText,
  type TChatMessage,
  type TChatSendRequest,
} from '@caravan/contracts';
import { CHAT_POLL_MS } from '@caravan/contracts/constants';
import { Alert, Button, Image, Input, Progress, Spin } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/ui/money-text';
import { usePicturePreview } from '../../../components/ui/picture-preview';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { uploadImage } from '../../../lib/upload-image';
import { AUDIENCE, chatApi, type TChatScope } from '../api/chat-api';
import type { ChatSocket, TSocketEvent } from '../lib/chat-socket';
import { listOutbox, newClientId, putOutbox, removeOutbox } from '../lib/outbox';
import { MessageText } from './message-text';

type TShownMessage = TChatMessage & { isPending?: boolean };
/**
 * A chosen picture waiting above the composer: uploading (with its progress), then ready (`url`) until Send posts
 * it. `preview`: the file itself, shown at once as the thumbnail.
 */
type TUpload = {
  key: string;
  name: string;
  percent: number;
  controller: AbortController;
  preview: string | null;
  url: string | null;
};

/** A thumbnail of the file before it is uploaded (none where the browser cannot make one). */
function previewOf(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function forgetPreview(upload: TUpload) {
  if (upload.preview) {
    URL.revokeObjectURL(upload.preview);
  }
}

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

function mergeMessages(current: TShownMessage[], incoming: TShownMessage[]): TShownMessage[] {
  const byKey = new Map<string, TShownMessage>();
  for (const message of [...current, ...incoming]) {
    const key =
      message.clientId && message.send_receive === 'send' ? `c:${message.clientId}` : `i:${message.id}`;
    const existing = byKey.get(key);
    byKey.set(key, existing && !existing.isPending && message.isPending ? existing : message);
  }
  return [...byKey.values()].sort((a, b) => {
    if (a.isPending !== b.isPending) {
      return a.isPending ? 1 : -1;
    }
    return a.isPending ? a.createtime.localeCompare(b.createtime) : Number(BigInt(a.id) - BigInt(b.id));
  });
}

function MessageBody({ message }: { message: TShownMessage }) {
  const { t } = useTranslation('chat');
  const picturePreview = usePicturePreview();
  if (message.type === 'img') {
    return (
      <Image
        src={message.content}
        alt={t('message.picture')}
        width={160}
        className="cv-chat__image"
        preview={{ ...picturePreview, mask: t('message.enlarge') }}
      />
    );
  }
  if (message.type === 'product') {
    const card = message.product;
    return (
      <a className="cv-chat__card" href={`/productDetails?id=${encodeURIComponent(message.content)}`}>
        {card?.image && <img src={card.image} alt={card.name} width={56} height={56} />}
        <span>
          <span className="cv-chat__card-title">{card?.name ?? t('message.product')}</span>
          {card && (
            <span className="cv-chat__card-meta">
              <MoneyText value={card.price} />
            </span>
          )}
        </span>
      </a>
    );
  }
  if (message.type === 'order') {
    const card = message.order;
    return (
      <span className="cv-chat__card">
        {card?.image && <img src={card.image} alt={card.itemName} width={56} height={56} />}
        <span>
          <span className="cv-chat__card-title">{t('message.order', { orderNo: message.content })}</span>
          {card && (
            <span className="cv-chat__card-meta">
              {card.itemName} · <MoneyText value={card.total} />
            </span>
          )}
        </span>
      </span>
    );
  }
  // Text nodes and links only (message-text.tsx): nothing in a message is ever HTML. Its own direction (dir=auto):
  // English in an Arabic page, or Arabic in an English one, reads in its order, punctuation included.
  return <MessageText text={message.content} />;
}

function Marks({ message }: { message: TShownMessage }) {
  const { t } = useTranslation('chat');
  if (message.send_receive !== 'send') {
    return null;
  }
  if (message.isPending) {
    return <ClockCircleOutlined aria-label={t('marks.pending')} title={t('marks.pending')} />;
  }
  const label = message.isRead
    ? t('marks.read')
    : message.isDelivered
      ? t('marks.delivered')
      : t('marks.sent');
  return (
    <span
      className={`cv-chat__marks${message.isRead ? ' is-read' : ''}`}
      role="img"
      aria-label={label}
      title={label}
    >
      <CheckOutlined aria-hidden />
      {(message.isDelivered || message.isRead) && <CheckOutlined aria-hidden />}
    </span>
  );
}

/**
 * One conversation: history that loads upward as you scroll, live messages over the socket (or every
 * `pollSeconds` while the socket cannot open), read marks, text and pictures with upload progress, and an offline
 * outbox that is sent when the connection returns. Shared by the buyer's dialog, /seller and /cs.
 */
export function ConversationView({
  scope,
  conversationId,
  socket,
  isSocketOpen,
  pollSeconds = CHAT_POLL_MS / 1000,
  imageMaxKb = 2048,
  composerExtra,
  draft,
  onDraftUsed,
  onActivity,
}: {
  scope: TChatScope;
  conversationId: string;
  socket: ChatSocket | null;
  isSocketOpen: boolean;
  pollSeconds?: number;
  imageMaxKb?: number;
  /** Controls beside the composer (an agent's canned replies and product cards); `sendProductCard` sends one. */
  composerExtra?: (actions: { sendProductCard: (productId: string) => void }) => React.ReactNode;
  /** Text to put into the composer (a canned reply). */
  draft?: string;
  onDraftUsed?: () => void;
  onActivity?: () => void;
}) {
  const { t } = useTranslation(['chat', 'validation']);
  const [messages, setMessages] = useState<TShownMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [isLoading, setIsLoading] = useState(true);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [uploads, setUploads] = useState<TUpload[]>([]);
  const uploadsRef = useRef(uploads);
  uploadsRef.current = uploads;
  // Pictures the writer sent while they were still uploading: posted as soon as their upload ends.
  const sendWhenUploaded = useRef(new Set<string>());
  const listRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const keepScroll = useRef<{ height: number; top: number } | null>(null);
  const stickToBottom = useRef(true);
  const lastScrollTop = useRef(0);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const fileRef = useRef<HTMLInputElement>(null);
  const composerRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (draft) {
      setText((current) => (current ? `${current}\n${draft}` : draft));
      onDraftUsed?.();
      // The writer goes on in the composer, at the end of the text (a canned reply chosen from its menu by the
      // keyboard left the focus on the page's start, QA). After the menu has closed and handed the focus back.
      // Not cleared with the effect: taking the draft clears it, which runs the effect again at once.
      setTimeout(() => {
        const composer = composerRef.current?.querySelector('textarea');
        composer?.focus();
        composer?.setSelectionRange(composer.value.length, composer.value.length);
      });
    }
  }, [draft, onDraftUsed]);

  const markRead = useCallback(() => {
    if (document.visibilityState === 'visible') {
      chatApi
        .read(scope, conversationId)
        .then(() => onActivity?.())
        .catch(() => undefined);
    }
  }, [scope, conversationId, onActivity]);

  const pendingFromOutbox = useCallback(
    (): TShownMessage[] =>
      listOutbox(conversationId).map((item) => ({
        id: item.clientId,
        conversationId,
        send_receive: 'send',
        sender: scope === 'buyer' ? 'buyer' : scope === 'seller' ? 'seller' : 'agent',
        content: item.body.content,
        type: item.body.type,
        createtime: item.createdAt,
        clientId: item.clientId,
        isDelivered: false,
        isRead: false,
        product: null,
        order: null,
        isPending: true,
      })),
    [conversationId, scope],
  );

  // First page (the newest messages).
  useEffect(() => {
    let isCurrent = true;
    setIsLoading(true);
    setLoadError(null);
    setMessages([]);
    stickToBottom.current = true;
    chatApi
      .history(scope, conversationId, {})
      .then((history) => {
        if (isCurrent) {
          setMessages(mergeMessages(history.messages, pendingFromOutbox()));
          setHasMore(history.hasMore);
          markRead();
        }
      })
      .catch((error: unknown) => {
        if (isCurrent) {
          setLoadError(isApiError(error) ? error.message : t('errors.load'));
        }
      })
      .finally(() => {
        if (isCurrent) {
          setIsLoading(false);
        }
      });
    return () => {
      isCurrent = false;
    };
  }, [scope, conversationId, markRead, pendingFromOutbox, t]);

  const loadNewer = useCallback(async () => {
    const confirmed = messagesRef.current.filter((m) => !m.isPending);
    const last = confirmed.at(-1);
    const history = await chatApi.history(scope, conversationId, last ? { afterId: last.id } : {});
    if (history.messages.length > 0) {
      setMessages((current) => mergeMessages(current, history.messages));
      if (history.messages.some((m) => m.send_receive === 'receive')) {
        markRead();
      }
    }
  }, [scope, conversationId, markRead]);

  const loadOlder = useCallback(async () => {
    const first = messagesRef.current.find((m) => !m.isPending);
    if (!first || isLoadingOlder || !hasMore) {
      return;
    }
    setIsLoadingOlder(true);
    try {
      const list = listRef.current;
      keepScroll.current = list ? { height: list.scrollHeight, top: list.scrollTop } : null;
      const history = await chatApi.history(scope, conversationId, { beforeId: first.id });
      setMessages((current) => mergeMessages(history.messages, current));
      setHasMore(history.hasMore);
    } catch {
      keepScroll.current = null;
    } finally {
      setIsLoadingOlder(false);
    }
  }, [scope, conversationId, hasMore, isLoadingOlder]);

  // Keeps the view where it was when older messages arrive above, and at the bottom for new ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the rendered messages
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) {
      return;
    }
    if (keepScroll.current) {
      list.scrollTop = list.scrollHeight - keepScroll.current.height + keepScroll.current.top;
      keepScroll.current = null;
    } else if (stickToBottom.current) {
      list.scrollTop = list.scrollHeight;
    }
  }, [messages]);

  // Pictures (their size is not in the message) and long texts reach their height after the list was scrolled to
  // its end, and the pane narrows or shortens as the page around it lays out: at the end, the list follows, so the
  // newest messages stay in sight. A reader who scrolled up is left where they are.
  useEffect(() => {
    const list = listRef.current;
    const content = contentRef.current;
    if (!list || !content || typeof ResizeObserver === 'undefined') {
      return;
    }
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current) {
        list.scrollTop = list.scrollHeight;
      }
    });
    observer.observe(list);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  const sendNow = useCallback(
    async (body: TChatSendRequest & { clientId: string }) => {
      try {
        const message = await chatApi.send(scope, conversationId, body);
        removeOutbox(body.clientId);
        setMessages((current) => mergeMessages(current, [message]));
        onActivity?.();
      } catch (error) {
        if (isApiError(error) && error.status > 0) {
          // Refused (too long, too frequent, ...): it will never go through, so it leaves the outbox. Its text goes
          // back into an empty composer, so nothing typed is lost (sent again once the reason is gone).
          removeOutbox(body.clientId);
          setMessages((current) => current.filter((m) => m.clientId !== body.clientId || !m.isPending));
          if (body.type === 'text') {
            setText((current) => (current.trim() ? current : body.content));
          }
          toast.error(error.message);
        }
        // A network failure keeps it in the outbox for the next connection.
      }
    },
    [scope, conversationId, onActivity],
  );

  const flushOutbox = useCallback(async () => {
    for (const item of listOutbox(conversationId)) {
      await sendNow({ ...item.body, clientId: item.clientId });
    }
  }, [conversationId, sendNow]);

  // Live: messages, read marks, reconnects.
  useEffect(() => {
    if (!socket) {
      return;
    }
    const stopEvents = socket.on((event: TSocketEvent) => {
      if (event.type === 'message') {
        const message = event.message as TChatMessage;
        if (message.conversationId !== conversationId) {
          return;
        }
        setMessages((current) => mergeMessages(current, [message]));
        if (message.send_receive === 'receive') {
          socket.send({ type: 'delivered', conversationId });
          markRead();
        }
      } else if (
        (event.type === 'read' || event.type === 'delivered') &&
        event.conversationId === conversationId
      ) {
        const upTo = BigInt(String(event.upToId));
        const isRead = event.type === 'read';
        setMessages((current) =>
          current.map((m) =>
            m.send_receive === 'send' && !m.isPending && BigInt(m.id) <= upTo
              ? { ...m, isDelivered: true, isRead: m.isRead || isRead }
              : m,
          ),
        );
      }
    });
    const stopState = socket.onState((isOpen) => {
      if (isOpen) {
        void loadNewer().catch(() => undefined);
        void flushOutbox();
      }
    });
    return () => {
      stopEvents();
      stopState();
    };
  }, [socket, conversationId, markRead, loadNewer, flushOutbox]);

  // Polling while the socket cannot open (SPEC §4: every 5 s while open; stops when the dialog closes).
  useEffect(() => {
    if (isSocketOpen) {
      return;
    }
    const timer = setInterval(() => {
      void loadNewer()
        .then(() => flushOutbox())
        .catch(() => undefined);
    }, pollSeconds * 1000);
    return () => clearInterval(timer);
  }, [isSocketOpen, pollSeconds, loadNewer, flushOutbox]);

  useEffect(() => {
    const online = () => void flushOutbox();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flushOutbox]);

  const queue = (body: TChatSendRequest) => {
    const clientId = newClientId();
    const createdAt = new Date().toISOString();
    putOutbox({ conversationId, clientId, body, createdAt });
    stickToBottom.current = true;
    setMessages((current) =>
      mergeMessages(
        current,
        pendingFromOutbox().filter((m) => m.clientId === clientId),
      ),
    );
    void sendNow({ ...body, clientId });
  };

  const removeUpload = useCallback((upload: TUpload) => {
    upload.controller.abort();
    sendWhenUploaded.current.delete(upload.key);
    forgetPreview(upload);
    setUploads((current) => current.filter((u) => u.key !== upload.key));
  }, []);

  // Chosen pictures belong to the conversation they were chosen in: another one opened does not inherit them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears on each change of the conversation
  useEffect(
    () => () => {
      for (const upload of uploadsRef.current) {
        removeUpload(upload);
      }
    },
    [conversationId, removeUpload],
  );

  const isTooLong = text.trim().length > CHAT_TEXT_MAX;
  /** Send: the chosen pictures (DESIGN.md: removable until then), then the text, either of them alone. */
  const submit = () => {
    const content = text.trim();
    const hasText = hasVisibleChatText(content);
    if (hasText && content.length > CHAT_TEXT_MAX) {
      // Kept whole in the composer (not cut at the limit): the writer sees the count and shortens it.
      toast.error(t('validation:chatText'));
      return;
    }
    for (const upload of uploads) {
      if (upload.url) {
        queue({ type: 'img', content: upload.url });
        forgetPreview(upload);
      } else {
        sendWhenUploaded.current.add(upload.key);
      }
    }
    setUploads((current) => current.filter((u) => !u.url));
    if (hasText) {
      setText('');
      queue({ type: 'text', content });
    }
  };

  const pickFiles = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (!IMAGE_TYPES.includes(file.type)) {
        toast.error(t('errors.imageType'));
        continue;
      }
      if (file.size > imageMaxKb * 1024) {
        toast.error(t('errors.imageSize', { max: `${Math.round((imageMaxKb / 1024) * 10) / 10} MB` }));
        continue;
      }
      const upload: TUpload = {
        key: newClientId(),
        name: file.name,
        percent: 0,
        controller: new AbortController(),
        preview: previewOf(file),
        url: null,
      };
      setUploads((current) => [...current, upload]);
      uploadImage(file, {
        moduleName: 'chat',
        audience: AUDIENCE[scope],
        signal: upload.controller.signal,
        onProgress: (percent) =>
          setUploads((current) => current.map((u) => (u.key === upload.key ? { ...u, percent } : u))),
      })
        .then((image) => {
          if (upload.controller.signal.aborted) {
            return;
          }
          if (sendWhenUploaded.current.delete(upload.key)) {
            queue({ type: 'img', content: image.url });
            removeUpload(upload);
            return;
          }
          // Waits above the composer, removable, until Send.
          setUploads((current) =>
            current.map((u) => (u.key === upload.key ? { ...u, percent: 100, url: image.url } : u)),
          );
        })
        .catch((error: unknown) => {
          if (upload.controller.signal.aborted) {
            return;
          }
          if (isApiError(error)) {
            toast.error(error.message);
          }
          removeUpload(upload);
        });
    }
    if (fileRef.current) {
      fileRef.current.value = '';
    }
  };

  return (
    <div className="cv-chat__conversation">
      {!isSocketOpen && (
        <div className="cv-chat__offline" role="status">
          {t('status.polling')}
        </div>
      )}
      <div
        ref={listRef}
        className="cv-chat__messages"
        role="log"
        aria-live="polite"
        aria-label={t('messagesLabel')}
        onScroll={(event) => {
          const list = event.currentTarget;
          const isAtEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
          // Only the reader scrolls up. A picture growing in view (and the browser's scroll anchoring) moves the end
          // away or the view down: that must not read as the reader leaving the end before the list catches up.
          stickToBottom.current =
            isAtEnd || (stickToBottom.current && list.scrollTop >= lastScrollTop.current);
          lastScrollTop.current = list.scrollTop;
          if (list.scrollTop < 40) {
            void loadOlder();
          }
        }}
      >
        <div ref={contentRef} className="cv-chat__messages-content">
          {isLoading && <Spin className="cv-chat__spin" />}
          {loadError && <Alert type="error" title={loadError} showIcon />}
          {isLoadingOlder && <Spin size="small" className="cv-chat__spin" />}
          {hasMore && !isLoadingOlder && (
            <Button type="link" size="small" className="cv-chat__older" onClick={() => void loadOlder()}>
              {t('history.older')}
            </Button>
          )}
          {!isLoading && !loadError && messages.length === 0 && (
            <p className="cv-chat__empty">{t('history.empty')}</p>
          )}
          {messages.map((message) => (
            <div
              key={message.clientId && message.send_receive === 'send' ? message.clientId : message.id}
              className={`cv-chat__message cv-chat__message--${message.send_receive}`}
              data-testid="chat-message"
            >
              <div className="cv-chat__bubble">
                <MessageBody message={message} />
              </div>
              <div className="cv-chat__meta">
                <time dateTime={message.createtime} dir="ltr">
                  {formatDateTime(message.createtime)}
                </time>
                <Marks message={message} />
              </div>
            </div>
          ))}
        </div>
      </div>
      {uploads.length > 0 && (
        <ul className="cv-chat__uploads" aria-label={t('composer.uploads')}>
          {uploads.map((upload) => (
            <li key={upload.key} data-testid="chat-upload">
              {(upload.preview ?? upload.url) && (
                <img
                  className="cv-chat__upload-thumb"
                  src={upload.preview ?? upload.url ?? undefined}
                  alt={t('composer.chosenPicture', { name: upload.name })}
                  width={40}
                  height={40}
                />
              )}
              <span className="cv-chat__upload-name" dir="auto">
                {upload.name}
              </span>
              {upload.url ? (
                <span className="cv-chat__upload-ready">{t('composer.pictureReady')}</span>
              ) : (
                <Progress percent={upload.percent} size="small" />
              )}
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined aria-hidden />}
                aria-label={
                  upload.url
                    ? t('composer.removePicture', { name: upload.name })
                    : t('composer.cancelUpload', { name: upload.name })
                }
                onClick={() => removeUpload(upload)}
              />
            </li>
          ))}
        </ul>
      )}
      <form
        ref={composerRef}
        className="cv-chat__composer"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
          // Send clicked or pressed: the writer goes on in the box, as after Enter there (QA: it stayed on Send).
          event.currentTarget.querySelector('textarea')?.focus();
        }}
      >
        {composerExtra?.({ sendProductCard: (productId) => queue({ type: 'product', content: productId }) })}
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png"
          multiple
          hidden
          data-testid="chat-image-input"
          onChange={(event) => pickFiles(event.currentTarget.files)}
        />
        <Button
          icon={<PictureOutlined aria-hidden />}
          aria-label={t('composer.picture')}
          title={t('composer.picture')}
          onClick={() => fileRef.current?.click()}
        />
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          // The count shows near the limit and past it (red); a paste past it is kept whole, not cut silently. Shown
          // by a formatter, not by switching `show`: that would wrap the textarea anew and take the writer's focus.
          count={{
            max: CHAT_TEXT_MAX,
            show: ({ count }) => (count > CHAT_TEXT_MAX * 0.9 ? `${count} / ${CHAT_TEXT_MAX}` : null),
          }}
          status={isTooLong ? 'error' : undefined}
          aria-invalid={isTooLong}
          dir="auto"
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={t('composer.placeholder')}
          aria-label={t('composer.placeholder')}
        />
        <Button
          type="primary"
          htmlType="submit"
          // The paper plane points the way text runs: left in right-to-left languages.
          icon={<SendOutlined aria-hidden className="cv-flip-rtl" />}
          aria-label={t('composer.send')}
        >
          <span className="cv-hide-narrow">{t('composer.send')}</span>
        </Button>
      </form>
    </div>
  );
}
