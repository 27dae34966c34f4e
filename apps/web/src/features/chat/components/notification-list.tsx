import type { TNotification } from '@caravan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ItemList, ItemListItem, ItemListMeta } from '../../../components/ui/item-list';
import { keepFocusIn } from '../../../components/ui/keep-focus';
import { LoadError } from '../../../components/ui/load-error';
import { formatAmount } from '../../../components/ui/money-text';
import { isApiError } from '../../../lib/api';
import { isolateDate, isolateLtr, isolateText } from '../../../lib/bidi';
import { openChat, type TChatTarget } from '../../../lib/chat-launcher';
import { formatDateTime } from '../../../lib/format';
import { useLastPageCorrection } from '../../../lib/page-param';
import { toastError } from '../../../lib/toast';
import { chatApi, chatKeys } from '../api/chat-api';

/**
 * Where a notification leads: the order, product or shop it is about, the application, the wallet records, or
 * the shop's conversation.
 */
function linkOf(audience: 'buyer' | 'seller', notification: TNotification): string | null {
  const { orderNo, conversationId, productId } = notification.params;
  if (audience === 'seller' && notification.event === 'chat.buyer' && conversationId) {
    return `/seller/chat?conversationId=${encodeURIComponent(conversationId)}`;
  }
  if (orderNo) {
    return audience === 'buyer'
      ? `/userInfo/order-detail?orderNo=${encodeURIComponent(orderNo)}`
      : `/seller/orders?orderNo=${encodeURIComponent(orderNo)}`;
  }
  if (notification.event.startsWith('recharge.') || notification.event.startsWith('withdrawal.')) {
    return '/userInfo/money-package';
  }
  if (notification.event.startsWith('loan.')) {
    return '/credit/myLoan';
  }
  if (notification.event.startsWith('verification.')) {
    return '/userInfo/verification';
  }
  if (notification.event.startsWith('merchant.')) {
    return audience === 'buyer' ? '/merchantSettled' : '/seller/shop';
  }
  if (notification.event.startsWith('shop.')) {
    return '/seller/shop';
  }
  if (productId && audience === 'seller') {
    return `/seller/products/${encodeURIComponent(productId)}`;
  }
  return null;
}

/**
 * Texts people wrote (a reviewer's reason, a shop's or a buyer's name, a carrier) in a sentence of another writing
 * direction.
 */
const FREE_TEXT_PARAMS = ['reason', 'name', 'shopName', 'carrier'] as const;

/** Each free text in its own direction inside the sentence (an English reason in an Arabic notification). */
function isolateFreeText(params: TNotification['params']): TNotification['params'] {
  const isolated = { ...params };
  for (const name of FREE_TEXT_PARAMS) {
    const value = isolated[name];
    if (typeof value === 'string' && value) {
      isolated[name] = isolateText(value);
    }
  }
  return isolated;
}

/** The facts a text may name that an older notification of its event did not carry. */
const MISSING_FACTS = { amount: '--', reason: '--', dueDate: '--' } as const;

/** A buyer's "new messages" notification opens the chat dialog on that conversation. */
function chatTargetOf(notification: TNotification): TChatTarget | null {
  if (notification.event === 'chat.service') {
    return { kind: 'service' };
  }
  if (notification.event === 'chat.shop' && notification.params.storeId) {
    return { kind: 'shop', storeId: notification.params.storeId };
  }
  return null;
}

/**
 * Notifications of the buyer or the shop, newest first, with mark one / mark all read. The page is the parent's:
 * a notifications page keeps it in the URL (`usePageParam`), the chat dialog's tab in its own state.
 */
export function NotificationList({
  audience,
  page,
  onPageChange,
  pageSize = 20,
  onChange,
}: {
  audience: 'buyer' | 'seller';
  page: number;
  onPageChange: (page: number, options?: { isCorrection?: boolean }) => void;
  pageSize?: number;
  onChange?: () => void;
}) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [isMarking, setIsMarking] = useState(false);
  const query = useQuery({
    queryKey: [...chatKeys.notifications(audience, page), pageSize],
    queryFn: () => chatApi.notifications(audience, page, pageSize),
  });
  const rootRef = useRef<HTMLDivElement>(null);
  const itemsRef = useRef<HTMLDivElement>(null);
  const refresh = async () => {
    onChange?.();
    await queryClient.invalidateQueries({ queryKey: ['notifications', audience] });
  };
  const markOne = async (notification: TNotification) => {
    if (!notification.isRead) {
      await chatApi
        .markNotificationRead(audience, notification.id)
        .then(refresh, (e: unknown) => toastError(e, t('errors.load')));
    }
  };
  /**
   * Once the list is drawn again without the button pressed (a notice's "Mark as read", or "Mark all" turned off),
   * the focus goes to the next button of the list, else the list itself: it fell to the page's start (QA).
   */
  const keepFocusAfter = (marking: Promise<unknown>) => {
    void marking.then(() => keepFocusIn(itemsRef.current, rootRef.current));
  };
  const isPastEnd = useLastPageCorrection(page, query.data?.total, pageSize, onPageChange);
  if (query.isLoading || isPastEnd) {
    return <Skeleton active paragraph={{ rows: 4 }} />;
  }
  if (query.isError) {
    return (
      <LoadError
        message={isApiError(query.error) ? query.error.message : t('errors.load')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const data = query.data!;
  return (
    <div className="cv-notifications" ref={rootRef} tabIndex={-1}>
      <div className="cv-notifications__head">
        <span role="status">{t('notifications.unread', { count: data.unread })}</span>
        <Button
          size="small"
          disabled={data.unread === 0}
          loading={isMarking}
          onClick={() => {
            setIsMarking(true);
            keepFocusAfter(
              chatApi
                .markAllNotificationsRead(audience)
                .then(refresh, (e: unknown) => toastError(e, t('errors.load')))
                .finally(() => setIsMarking(false)),
            );
          }}
        >
          {t('notifications.markAll')}
        </Button>
      </div>
      <div ref={itemsRef}>
        {data.pageList.length === 0 ? (
          <Empty description={t('notifications.empty')} />
        ) : (
          <ItemList
            items={data.pageList}
            itemKey={(notification) => notification.id}
            paging={
              data.total > pageSize
                ? {
                    current: page,
                    pageSize,
                    total: data.total,
                    onChange: (next: number) => onPageChange(next),
                    size: 'small',
                  }
                : undefined
            }
            renderItem={(notification) => {
              const link = linkOf(audience, notification);
              const chatTarget = audience === 'buyer' ? chatTargetOf(notification) : null;
              const { amount, dueDate, expiresAt, trackingNo } = notification.params;
              const text = t(`notification.${notification.event}`, {
                // A notice written before its text named a fact shows "--" there, not "{{reason}}".
                ...MISSING_FACTS,
                ...isolateFreeText(notification.params),
                ...(amount === undefined ? {} : { amount: formatAmount(amount) }),
                ...(dueDate === undefined ? {} : { dueDate: isolateDate(dueDate) }),
                // A tracking number is a code: its letters, digits and dashes read left to right in any page.
                ...(trackingNo === undefined ? {} : { trackingNo: isolateLtr(trackingNo) }),
                // A loan offer's deadline is an instant: shown in the reader's zone, as dates are everywhere.
                ...(expiresAt === undefined ? {} : { expiresAt: isolateDate(formatDateTime(expiresAt)) }),
              });
              return (
                <ItemListItem
                  className={`cv-notifications__item${notification.isRead ? '' : ' is-unread'}`}
                  actions={
                    notification.isRead
                      ? []
                      : [
                          <Button
                            key="read"
                            type="link"
                            size="small"
                            onClick={() => keepFocusAfter(markOne(notification))}
                          >
                            {t('notifications.markRead')}
                          </Button>,
                        ]
                  }
                >
                  <ItemListMeta
                    title={
                      link ? (
                        <Link to={link} onClick={() => void markOne(notification)}>
                          {text}
                        </Link>
                      ) : chatTarget ? (
                        // Reading the conversation in the dialog marks this notification read on the server.
                        <Button
                          type="link"
                          className="cv-notifications__open"
                          onClick={() => openChat(chatTarget)}
                        >
                          {text}
                        </Button>
                      ) : (
                        text
                      )
                    }
                    description={<time dir="ltr">{formatDateTime(notification.createtime)}</time>}
                  />
                </ItemListItem>
              );
            }}
          />
        )}
      </div>
    </div>
  );
}
