import type { TChatConversation } from '@caravan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/ui/load-error';
import { isApiError } from '../../../lib/api';
import { chatApi, chatKeys } from '../api/chat-api';
import { useChatSettings } from '../components/chat-provider';
import { ConversationPicker } from '../components/conversation-picker';
import { ConversationView } from '../components/conversation-view';
import { ProductCardPicker } from '../components/product-card-picker';
import type { TSocketEvent } from '../lib/chat-socket';
import { useConsoleSocket } from '../lib/use-console-socket';
import { useRevealPane } from '../lib/use-reveal-pane';
import '../chat.css';

const PAGE_SIZE = 20;

/** /seller/chat: the shop answers buyers' questions about its goods and orders. */
export default function SellerChatPage() {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const settings = useChatSettings();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TChatConversation | null>(null);
  // A notification links here with ?conversationId= to open that conversation.
  const [searchParams] = useSearchParams();
  const linkedId = searchParams.get('conversationId') ?? '';
  const linked = useQuery({
    queryKey: chatKeys.conversation('seller', linkedId),
    queryFn: () => chatApi.conversation('seller', linkedId),
    enabled: selected === null && /^\d{1,19}$/.test(linkedId),
  });
  const current = selected ?? linked.data ?? null;
  const conversationPaneRef = useRevealPane(selected?.id ?? null);
  const list = useQuery({
    queryKey: chatKeys.conversations('seller', 'all', page),
    queryFn: () => chatApi.conversations('seller', { pageNum: page, pageSize: PAGE_SIZE }),
  });
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['chat', 'seller'] });
  }, [queryClient]);
  const onEvent = useCallback(
    (event: TSocketEvent) => {
      if (event.type === 'message' || event.type === 'unread') {
        refresh();
      }
    },
    [refresh],
  );
  const { socket, isOpen } = useConsoleSocket('seller', onEvent);
  return (
    <>
      <ConsolePageHead title={t('seller.title')} />
      {list.isError ? (
        <LoadError
          message={isApiError(list.error) ? list.error.message : t('errors.load')}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <div className="cv-chat-console">
          <div className="cv-chat-console__pane">
            <ConversationPicker
              conversations={list.data?.pageList ?? []}
              selectedId={current?.id ?? null}
              onSelect={setSelected}
              total={list.data?.total ?? 0}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={setPage}
              isLoading={list.isLoading}
            />
          </div>
          <div className="cv-chat-console__pane" ref={conversationPaneRef}>
            {current ? (
              <ConversationView
                key={current.id}
                scope="seller"
                conversationId={current.id}
                socket={socket}
                isSocketOpen={isOpen}
                pollSeconds={settings.pollSeconds}
                imageMaxKb={settings.imageMaxKb}
                onActivity={refresh}
                composerExtra={({ sendProductCard }) => (
                  <ProductCardPicker scope="seller" onPick={sendProductCard} />
                )}
              />
            ) : (
              <Empty className="cv-chat__empty" description={t('console.pick')} />
            )}
          </div>
        </div>
      )}
    </>
  );
}
