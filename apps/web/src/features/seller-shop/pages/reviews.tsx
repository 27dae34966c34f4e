import { REVIEW_REPLY_MAX, type TSellerReview } from '@caravan/contracts';
import { Button, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { ItemList, ItemListItem, ItemListMeta } from '../../../components/ui/item-list';
import { isOverLimit, LimitedTextArea } from '../../../components/ui/limited-text';
import { emptyOrLoadError } from '../../../components/ui/load-error';
import { NamedSegmented } from '../../../components/ui/named-segmented';
import { useDialogFocus } from '../../../components/ui/use-dialog-focus';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useReplyReview, useSellerReviews } from '../api';

const COLOURS = { good: 'green', medium: 'gold', bad: 'red' } as const;

/** /seller/reviews: the shop's reviews; the seller replies once to each. */
export default function SellerReviewsPage() {
  const { t } = useTranslation(['seller', 'common']);
  const [query, setQuery] = useState<{ pageNum: number; pageSize: number; isReplied?: string }>({
    pageNum: 1,
    pageSize: 20,
  });
  const reviews = useSellerReviews(query);
  const reply = useReplyReview();
  const [target, setTarget] = useState<TSellerReview | null>(null);
  const dialogFocus = useDialogFocus(target !== null);
  const [text, setText] = useState('');
  // A double click sent the reply twice: "succeeded" and "already replied" stood side by side.
  const send = useOneAtATime(async () => {
    if (!target || !text.trim()) {
      return;
    }
    const done = await reply.mutateAsync({ id: target.id, content: text.trim() }).then(
      () => true,
      () => false,
    );
    if (done) {
      toast.success(t('common:success.operationSucceeded'));
      setTarget(null);
      setText('');
    }
  });
  return (
    <>
      <ConsolePageHead title={t('menu.reviews')} />
      <NamedSegmented
        label={t('common:choice.show')}
        style={{ marginBlockEnd: 12 }}
        value={query.isReplied ?? 'all'}
        onChange={(v) =>
          setQuery({ pageNum: 1, pageSize: 20, isReplied: v === 'all' ? undefined : String(v) })
        }
        options={[
          { value: 'all', label: t('reviews.all') },
          { value: 'false', label: t('reviews.unreplied') },
          { value: 'true', label: t('reviews.replied') },
        ]}
      />
      <ItemList<TSellerReview>
        isLoading={reviews.isFetching}
        items={reviews.data?.pageList ?? []}
        itemKey={(r) => r.id}
        emptyText={emptyOrLoadError(reviews, t('reviews.empty'))}
        paging={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: reviews.data?.total ?? 0,
          onChange: (pageNum) => setQuery((q) => ({ ...q, pageNum })),
        }}
        renderItem={(r) => (
          <ItemListItem
            actions={
              r.reply
                ? []
                : [
                    <Button key="reply" size="small" onClick={() => setTarget(r)}>
                      {t('reviews.reply')}
                    </Button>,
                  ]
            }
          >
            <ItemListMeta
              title={
                <Space wrap>
                  <Tag color={COLOURS[r.rating]}>{t(`reviews.rating.${r.rating}`)}</Tag>
                  <bdi>{r.productName}</bdi>
                  <small>
                    <bdi>{r.userName}</bdi> · {formatDateTime(r.createdAt)}
                  </small>
                </Space>
              }
              description={
                <>
                  <p dir="auto">{r.content || '--'}</p>
                  {r.reply ? (
                    <p>
                      <strong>{t('reviews.yourReply')}</strong> <bdi>{r.reply}</bdi>
                    </p>
                  ) : null}
                </>
              }
            />
          </ItemListItem>
        )}
      />
      <Modal
        open={target !== null}
        title={t('reviews.replyTitle')}
        okText={t('reviews.send')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{
          loading: reply.isPending,
          disabled: !text.trim() || isOverLimit(text, REVIEW_REPLY_MAX),
        }}
        onCancel={() => setTarget(null)}
        onOk={() => void send()}
        {...dialogFocus.modalProps}
      >
        <p dir="auto">{target?.content}</p>
        <LimitedTextArea
          {...dialogFocus.target}
          aria-label={t('reviews.reply')}
          rows={4}
          limit={REVIEW_REPLY_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <small>{t('reviews.once')}</small>
      </Modal>
    </>
  );
}
