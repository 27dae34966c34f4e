import type { TChatConversation } from '@caravan/contracts';
import { Badge, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ItemList, ItemListItem } from '../../../components/ui/item-list';
import { formatDateTime } from '../../../lib/format';

/** The list beside a console conversation: who, last message, unread, status. */
export function ConversationPicker({
  conversations,
  selectedId,
  onSelect,
  total,
  page,
  pageSize,
  onPage,
  isLoading,
  emptyText,
}: {
  conversations: TChatConversation[];
  selectedId: string | null;
  onSelect: (conversation: TChatConversation) => void;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  isLoading: boolean;
  /** What an empty list says; by default that there are no conversations at all. */
  emptyText?: string;
}) {
  const { t } = useTranslation('chat');
  return (
    <ItemList
      className="cv-chat__conversations"
      isLoading={isLoading}
      items={conversations}
      itemKey={(conversation) => conversation.id}
      emptyText={<Empty description={emptyText ?? t('list.empty')} />}
      paging={
        total > pageSize ? { current: page, pageSize, total, onChange: onPage, size: 'small' } : undefined
      }
      renderItem={(conversation) => (
        <ItemListItem className={conversation.id === selectedId ? 'is-selected' : undefined}>
          <button
            type="button"
            className="cv-chat__list-item"
            aria-current={conversation.id === selectedId}
            onClick={() => onSelect(conversation)}
            data-testid="chat-conversation-item"
          >
            <Badge count={conversation.unread} size="small" />
            <span className="cv-chat__list-text">
              <span className="cv-chat__list-name">
                <bdi>{conversation.peer.name}</bdi>{' '}
                {conversation.kind === 'service' && <Tag>{t(`status.${conversation.status}`)}</Tag>}
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
