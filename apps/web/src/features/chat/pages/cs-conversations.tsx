import { type TChatConversation, type TCsCustomerContext, ZCsListQuery, zId } from '@caravan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Dropdown, Empty, Modal, Select, Space, Spin, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { readAddress, useFilterInAddress } from '../../../components/console/filter-in-address';
import { useStaffMe } from '../../../components/console/staff-session';
import { LoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { formatUsdt } from '../../../lib/format-money';
import { toast, toastError } from '../../../lib/toast';
import { chatApi, chatKeys } from '../api/chat-api';
import { useChatSettings } from '../components/chat-provider';
import { ConversationPicker } from '../components/conversation-picker';
import { ConversationView } from '../components/conversation-view';
import { CsLoanSummary } from '../components/cs-loan-summary';
import { ProductCardPicker } from '../components/product-card-picker';
import type { TSocketEvent } from '../lib/chat-socket';
import { useConsoleSocket } from '../lib/use-console-socket';
import { useRevealPane } from '../lib/use-reveal-pane';
import '../chat.css';
import { ConfirmPopover } from '../../../components/ui/confirm-popover';
import { NamedSegmented } from '../../../components/ui/named-segmented';
import { SearchInput } from '../../../components/ui/search-input';

const PAGE_SIZE = 20;
type TView = 'waiting' | 'mine' | 'all';

/** The list's view, page and search, and the conversation open beside it. */
type TCsFilter = { pageNum: number; view: TView; q?: string; conversation?: string };

const DEFAULT_CS_FILTER: TCsFilter = { pageNum: 1, view: 'waiting' };

const ZCsAddress = ZCsListQuery.extend({ conversation: zId.optional() });

/** The address's view, page, search and open conversation (`?conversation=123`), or null when one is not valid. */
function parseCsFilter(params: Record<string, string>): TCsFilter | null {
  const query = readAddress(ZCsAddress, params);
  return (
    query && {
      pageNum: query.pageNum,
      view: query.view,
      q: query.q || undefined,
      conversation: query.conversation,
    }
  );
}

function CustomerContext({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const query = useQuery({
    queryKey: ['chat', 'cs', 'context', conversationId],
    queryFn: () => chatApi.csContext(conversationId),
  });
  if (query.isLoading) {
    return <Spin className="cv-chat__spin" />;
  }
  if (query.isError || !query.data) {
    return (
      <LoadError
        message={isApiError(query.error) ? query.error.message : t('errors.load')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const context: TCsCustomerContext = query.data;
  const canOrders = context.permissions.includes('orders.manage');
  const canFinance = context.permissions.includes('finance.review');
  return (
    <section className="cv-chat-console__side" aria-label={t('cs.context')}>
      <h3>{t('cs.account')}</h3>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('cs.name')}>
          <bdi>{context.account.name}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('cs.usercode')}>
          <span dir="ltr">{context.account.usercode}</span>
        </Descriptions.Item>
        {context.account.email && (
          <Descriptions.Item label={t('cs.email')}>
            <bdi dir="ltr">{context.account.email}</bdi>
          </Descriptions.Item>
        )}
        {context.account.phone && (
          <Descriptions.Item label={t('cs.phone')}>
            <span dir="ltr">{context.account.phone}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('cs.since')}>
          <span dir="ltr">{formatDateTime(context.account.createtime)}</span>
        </Descriptions.Item>
      </Descriptions>
      <h3>{t('cs.wallet')}</h3>
      <p>
        <MoneyText value={context.wallet.balance} />
      </p>
      {context.wallet.unfinished && (
        <p>
          {t(`cs.unfinished.${context.wallet.unfinished.type}`, {
            amount: formatUsdt(context.wallet.unfinished.amount),
          })}{' '}
          {canFinance && (
            <Link
              to={`/admin/finance-${context.wallet.unfinished.type === 'recharge' ? 'recharges' : 'withdrawals'}`}
            >
              {t('cs.open')}
            </Link>
          )}
        </p>
      )}
      {context.loan && <CsLoanSummary loan={context.loan} />}
      <h3>{t('cs.orders')}</h3>
      {context.orders.length === 0 ? (
        <p>{t('cs.noOrders')}</p>
      ) : (
        <ul className="cv-chat-console__orders">
          {context.orders.map((order) => (
            <li key={order.orderNo}>
              {canOrders ? (
                <Link to={`/admin/orders?orderNo=${encodeURIComponent(order.orderNo)}`} dir="ltr">
                  {order.orderNo}
                </Link>
              ) : (
                <span dir="ltr">{order.orderNo}</span>
              )}{' '}
              <Tag>{t(`orderStatus.${order.status}`)}</Tag> <MoneyText value={order.total} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Take over" of a conversation a colleague answers: confirmed first, the colleague named. */
function TakeOverButton({
  colleague,
  isBusy,
  onConfirm,
}: {
  colleague: { id: string; name: string };
  isBusy: boolean;
  onConfirm: (agentId: string) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <ConfirmPopover
      title={t('cs.takeOverConfirm', { name: colleague.name })}
      okText={t('cs.claim')}
      cancelText={t('cs.cancel')}
      onConfirm={() => onConfirm(colleague.id)}
    >
      <Button size="small" loading={isBusy}>
        {t('cs.claim')}
      </Button>
    </ConfirmPopover>
  );
}

/** /cs/conversations: waiting, mine and all; claim, transfer, close and reopen; the customer beside the chat. */
export default function CsConversationsPage() {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const settings = useChatSettings();
  const me = useStaffMe();
  // The list and the open conversation in the address: a reload showed the waiting list with none open.
  const [filter, setFilter] = useFilterInAddress(DEFAULT_CS_FILTER, parseCsFilter);
  const { view, pageNum: page, q = '' } = filter;
  const openId = filter.conversation ?? null;
  // The conversation as last picked or changed here; one the address names is read from the server.
  const [picked, setPicked] = useState<TChatConversation | null>(null);
  const fromAddress = useQuery({
    queryKey: chatKeys.conversation('cs', openId ?? ''),
    queryFn: () => chatApi.conversation('cs', openId ?? ''),
    enabled: openId !== null && picked?.id !== openId,
    // A kept link to a conversation the server does not know (or not to this agent) just leaves none open.
    meta: { isToastSkipped: true },
  });
  const selected = openId === null ? null : picked?.id === openId ? picked : (fromAddress.data ?? null);
  const select = (conversation: TChatConversation) => {
    setPicked(conversation);
    if (conversation.id !== openId) {
      setFilter((current) => ({ ...current, conversation: conversation.id }));
    }
  };
  const setPage = (pageNum: number) => setFilter((current) => ({ ...current, pageNum }));
  const conversationPaneRef = useRevealPane(selected?.id ?? null);
  const [draft, setDraft] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const list = useQuery({
    queryKey: chatKeys.conversations('cs', view, page, q),
    queryFn: () => chatApi.conversations('cs', { pageNum: page, pageSize: PAGE_SIZE, view, q }),
  });
  // Polled by the console's menu count (use-cs-menu-counts.ts), which shares this query.
  const unread = useQuery({ queryKey: chatKeys.unread('cs'), queryFn: () => chatApi.csUnread() });
  const agents = useQuery({ queryKey: ['chat', 'cs', 'agents'], queryFn: () => chatApi.csAgents() });
  const canned = useQuery({ queryKey: ['chat', 'cs', 'canned'], queryFn: () => chatApi.cannedReplies() });
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['chat', 'cs'] });
  }, [queryClient]);
  const onEvent = useCallback(
    (event: TSocketEvent) => {
      if (event.type === 'message' || event.type === 'conversation' || event.type === 'unread') {
        refresh();
        if (event.type === 'conversation' && selected && event.conversationId === selected.id) {
          setPicked({ ...selected, status: event.status as TChatConversation['status'] });
        }
      }
    },
    [refresh, selected],
  );
  const { socket, isOpen } = useConsoleSocket('staff', onEvent);

  const act = async (run: () => Promise<TChatConversation>, done: string) => {
    setIsBusy(true);
    try {
      setPicked(await run());
      toast.success(done);
      refresh();
    } catch (error) {
      toastError(error, t('errors.load'));
      // Someone else was quicker (CHAT_ALREADY_CLAIMED): the header shows who answers now.
      onConversationActivity();
    } finally {
      setIsBusy(false);
    }
  };

  /**
   * After a message in the open conversation, the list refreshes and so does the conversation itself: replying to
   * a waiting one assigns it to the agent, and the header kept offering "Take over" with no agent named.
   */
  const onConversationActivity = useCallback(() => {
    refresh();
    const id = selected?.id;
    if (id === undefined) {
      return;
    }
    chatApi
      .conversation('cs', id)
      .then((fresh) =>
        setPicked((current) => (current === null || current.id === fresh.id ? fresh : current)),
      )
      .catch(() => undefined);
  }, [refresh, selected?.id]);

  const isMine = selected?.agent?.id === String(me.data?.id ?? '');
  return (
    <>
      {modalHolder}
      <ConsolePageHead
        title={t('cs.title')}
        extra={
          <span role="status">
            {t('cs.waitingCount', { count: unread.data?.waiting ?? 0 })} ·{' '}
            {t('cs.mineUnread', { count: unread.data?.mine ?? 0 })}
          </span>
        }
      />
      <div className={`cv-chat-console${selected ? ' cv-chat-console--with-context' : ''}`}>
        <div className="cv-chat-console__pane">
          <div className="cv-chat-console__actions">
            <NamedSegmented<TView>
              label={t('common:choice.show')}
              value={view}
              onChange={(next) => setFilter((current) => ({ ...current, view: next, pageNum: 1 }))}
              options={[
                { value: 'waiting', label: t('cs.views.waiting') },
                { value: 'mine', label: t('cs.views.mine') },
                { value: 'all', label: t('cs.views.all') },
              ]}
            />
            <SearchInput
              allowClear
              placeholder={t('cs.filter')}
              aria-label={t('cs.filter')}
              maxLength={64}
              defaultValue={q}
              onSearch={(value) =>
                setFilter((current) => ({ ...current, q: value.trim() || undefined, pageNum: 1 }))
              }
            />
          </div>
          {list.isError ? (
            <LoadError
              message={isApiError(list.error) ? list.error.message : t('errors.load')}
              onRetry={() => void list.refetch()}
            />
          ) : (
            <ConversationPicker
              conversations={list.data?.pageList ?? []}
              selectedId={selected?.id ?? null}
              onSelect={select}
              total={list.data?.total ?? 0}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={setPage}
              isLoading={list.isLoading}
              emptyText={
                q ? t('cs.empty.search', { q }) : view === 'all' ? t('list.empty') : t(`cs.empty.${view}`)
              }
            />
          )}
        </div>
        <div className="cv-chat-console__pane" ref={conversationPaneRef}>
          {selected ? (
            <>
              <div className="cv-chat-console__actions">
                <strong dir="auto">{selected.peer.name}</strong>
                <Tag>{t(`status.${selected.status}`)}</Tag>
                {selected.agent && <span>{t('cs.agent', { name: selected.agent.name })}</span>}
                <Space wrap>
                  {selected.status !== 'closed' &&
                    !isMine &&
                    (selected.status === 'open' && selected.agent ? (
                      // A colleague's conversation leaves their "Mine" at once: asked first, naming them.
                      <TakeOverButton
                        colleague={selected.agent}
                        isBusy={isBusy}
                        onConfirm={(agentId) =>
                          act(() => chatApi.csClaim(selected.id, agentId), t('cs.claimed'))
                        }
                      />
                    ) : (
                      <Button
                        size="small"
                        loading={isBusy}
                        onClick={() => act(() => chatApi.csClaim(selected.id), t('cs.claimed'))}
                      >
                        {t('cs.claim')}
                      </Button>
                    ))}
                  {selected.status !== 'closed' && (
                    <Select
                      size="small"
                      placeholder={t('cs.transfer')}
                      aria-label={t('cs.transfer')}
                      // An action, not a setting: it shows its name again after each transfer (a picked colleague
                      // stayed shown after the conversation had gone to them).
                      value={null}
                      style={{ minWidth: 140 }}
                      options={(agents.data?.agents ?? [])
                        // Not to whoever has it, nor to oneself (that is Claim: "transferred" to oneself read wrong).
                        .filter((a) => a.id !== selected.agent?.id && a.id !== String(me.data?.id ?? ''))
                        .map((a) => ({
                          value: a.id,
                          label: `${a.name}${a.isOnline ? ` · ${t('cs.online')}` : ''}`,
                        }))}
                      // It leaves this agent's list at once: asked first, naming the colleague (Enter in the list
                      // moved it without a word).
                      onChange={(staffId: string) => {
                        const colleague = agents.data?.agents.find((a) => a.id === staffId);
                        void modal.confirm({
                          title: t('cs.transferConfirm', { name: colleague?.name ?? '' }),
                          okText: t('cs.transferOk'),
                          cancelText: t('cs.cancel'),
                          onOk: () =>
                            act(() => chatApi.csTransfer(selected.id, staffId), t('cs.transferred')),
                        });
                      }}
                    />
                  )}
                  {selected.status === 'closed' ? (
                    <Button
                      size="small"
                      loading={isBusy}
                      onClick={() => act(() => chatApi.csAction(selected.id, 'reopen'), t('cs.reopened'))}
                    >
                      {t('cs.reopen')}
                    </Button>
                  ) : (
                    <ConfirmPopover
                      title={t('cs.closeConfirm')}
                      okText={t('cs.close')}
                      cancelText={t('cs.cancel')}
                      onConfirm={() => act(() => chatApi.csAction(selected.id, 'close'), t('cs.closed'))}
                    >
                      <Button size="small" danger loading={isBusy}>
                        {t('cs.close')}
                      </Button>
                    </ConfirmPopover>
                  )}
                </Space>
              </div>
              <ConversationView
                key={selected.id}
                scope="cs"
                conversationId={selected.id}
                socket={socket}
                isSocketOpen={isOpen}
                pollSeconds={settings.pollSeconds}
                imageMaxKb={settings.imageMaxKb}
                onActivity={onConversationActivity}
                draft={draft}
                onDraftUsed={() => setDraft(undefined)}
                composerExtra={({ sendProductCard }) => (
                  <>
                    <Dropdown
                      trigger={['click']}
                      menu={{
                        // With none kept yet the menu says so and where they are kept (a disabled button said nothing).
                        items:
                          (canned.data?.replies.length ?? 0) > 0
                            ? canned.data!.replies.map((reply) => ({ key: reply.id, label: reply.title }))
                            : [
                                {
                                  key: 'none',
                                  disabled: true,
                                  label: canned.isPending ? t('cs.cannedLoading') : t('cs.cannedNone'),
                                },
                                { key: 'open', label: <Link to="/cs/canned">{t('cs.cannedOpen')}</Link> },
                              ],
                        onClick: ({ key }) => {
                          const reply = canned.data?.replies.find((r) => r.id === key);
                          if (reply) {
                            setDraft(reply.content);
                          }
                        },
                      }}
                    >
                      {/* Named by its visible word, so a speech command that says it finds it (WCAG 2.5.3); the
                          longer description is the title. */}
                      <Button title={t('cs.canned')}>{t('cs.cannedShort')}</Button>
                    </Dropdown>
                    <ProductCardPicker scope="cs" onPick={sendProductCard} />
                  </>
                )}
              />
            </>
          ) : (
            <Empty className="cv-chat__empty" description={t('console.pick')} />
          )}
        </div>
        {selected && (
          <div className="cv-chat-console__pane">
            <CustomerContext key={selected.id} conversationId={selected.id} />
          </div>
        )}
      </div>
    </>
  );
}
