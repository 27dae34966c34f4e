import {
  ADMIN_WALLET_SORTS,
  PAGE_SIZE,
  type TRecordFourEyes,
  type TWalletRecordStatus,
  ZAdminWalletListQuery,
} from '@caravan/contracts';
import { Alert, Button, Descriptions, type DescriptionsProps, Modal, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { useFilterInAddress } from '../../../components/console/filter-in-address';
import { announceApproval } from '../../../components/console/four-eyes';
import { LoadError } from '../../../components/console/load-error';
import { type TPagedQuery, useServerPaging } from '../../../components/console/server-paging';
import { useStaffMe } from '../../../components/console/staff-session';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { EndDrawer } from '../../../components/ui/end-drawer';
import { formatAmount, MoneyText } from '../../../components/ui/money-text';
import { sortingInAddress } from '../../../components/ui/table-sort';
import { useDialogFocus } from '../../../components/ui/use-dialog-focus';
import { isolateDate } from '../../../lib/bidi';
import { formatDateTime } from '../../../lib/format';
import { toastError } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import type { TQueueFilter } from '../api/keys';
import { QueueFilters } from './queue-filters';
import { OwnerCell, RecordStatus } from './record-columns';

type TReviewRecord = {
  id: string;
  status: TWalletRecordStatus;
  createdAt: string;
  userId: string;
  usercode: string;
  userDisplayName: string;
  fourEyes: TRecordFourEyes;
};

type TQueueRecord = TReviewRecord & { amount: string; fee: string; actualAmount: string };

type TReviewAction = 'approve' | 'reject';

type TDetailItems = NonNullable<DescriptionsProps['items']>;

const DEFAULT_QUEUE_FILTER: TQueueFilter = { pageNum: 1, pageSize: PAGE_SIZE.list, status: 'processing' };

/**
 * The queue's filter as the address gives it: no status is the default (processing), an empty one every status.
 * Null when a value is not one the list takes.
 */
function parseQueueFilter(params: Record<string, string>): TQueueFilter | null {
  const { pageNum, pageSize, status, userId, createdFrom, createdTo, sort, order } = params;
  const parsed = ZAdminWalletListQuery.safeParse({
    pageNum,
    pageSize,
    ...(status ? { status } : {}),
    userId,
    createdFrom,
    createdTo,
    sort,
    order,
  });
  if (!parsed.success) {
    return null;
  }
  const query = parsed.data;
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    status: status === undefined ? DEFAULT_QUEUE_FILTER.status : query.status,
    userId: query.userId,
    createdFrom: query.createdFrom,
    createdTo: query.createdTo,
    sort: query.sort,
    order: query.order,
  };
}

/**
 * Filter, open record and open decision dialog of one finance queue (recharges or withdrawals). The filter and page
 * are kept in the address: a reviewer working through the queue lost their place on every reload.
 */
export function useReviewQueue() {
  const { t } = useTranslation(['common', 'console', 'wallet']);
  const [filter, updateFilter] = useFilterInAddress(DEFAULT_QUEUE_FILTER, parseQueueFilter);
  const setFilter = (next: TQueueFilter) => updateFilter(() => next);
  const sorting = sortingInAddress(ADMIN_WALLET_SORTS, filter, updateFilter);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [action, setAction] = useState<TReviewAction | null>(null);

  // The review mutations skip the global error toast, so the queue reports both outcomes itself.
  const submitDecision = async (decide: () => Promise<unknown>, successMessage: string) => {
    try {
      announceApproval(await decide(), successMessage, t);
      setAction(null);
    } catch (error) {
      toastError(error, t('errors.generic'));
    }
  };

  return { filter, setFilter, sorting, selectedId, setSelectedId, action, setAction, submitDecision };
}

export type TReviewQueue = ReturnType<typeof useReviewQueue>;

/**
 * The queue page's head, filters, load error and table; `methodColumn` (how the money moves) and the amount, fee and
 * actual amount (amount and fee in `unitOf` the record, USDT by default) sit between the owner and the status.
 */
export function ReviewQueueTable<TRecord extends TQueueRecord>({
  title,
  queue,
  list,
  scrollX,
  methodColumn,
  unitOf,
}: {
  title: string;
  queue: TReviewQueue;
  list: TPagedQuery<TRecord>;
  scrollX: number;
  methodColumn: TableColumnsType<TRecord>[number];
  unitOf?: (record: TRecord) => string;
}) {
  const { t } = useTranslation(['finance', 'common', 'wallet']);
  const paging = useServerPaging();
  const { filter, setFilter, setSelectedId } = queue;
  const [userLabel, setUserLabel] = useState<{ userId: string; label: string } | null>(null);
  return (
    <>
      <ConsolePageHead title={title} />
      <QueueFilters
        filter={filter}
        userLabel={userLabel?.userId === filter.userId ? userLabel?.label : undefined}
        onChange={setFilter}
      />
      {list.isError && <LoadError onRetry={() => void list.refetch()} />}
      <DataTable<TRecord>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.pageList ?? []}
        scroll={{ x: scrollX }}
        locale={{ emptyText: t('queue.empty') }}
        sorting={queue.sorting}
        pagination={paging(filter, list.data?.total, (pageNum, pageSize) =>
          setFilter({ ...filter, pageNum, pageSize }),
        )}
        columns={[
          // Widths that fit a 1280 px console beside its menu (the content is about 1010 px): the status column
          // went under the pinned actions and the user's name broke mid-word.
          { title: t('fields.createdAt'), dataIndex: 'createdAt', render: dateTimeCell, width: 120 },
          {
            title: t('fields.user'),
            key: 'user',
            width: 150,
            render: (_, record) => (
              <OwnerCell
                record={record}
                onFilter={(userId) => {
                  setUserLabel({ userId, label: `${record.userDisplayName} · ${record.usercode}` });
                  setFilter({ ...filter, userId, pageNum: 1 });
                }}
              />
            ),
          },
          methodColumn,
          {
            title: t('fields.amount'),
            dataIndex: 'amount',
            align: 'end',
            width: 115,
            render: (v: string, r) => <MoneyText value={v} unit={unitOf?.(r)} />,
          },
          {
            title: t('fields.fee'),
            dataIndex: 'fee',
            align: 'end',
            width: 115,
            render: (v: string, r) => <MoneyText value={v} unit={unitOf?.(r)} />,
          },
          {
            title: t('fields.actualAmount'),
            dataIndex: 'actualAmount',
            align: 'end',
            width: 115,
            render: (v: string) => <MoneyText value={v} />,
          },
          {
            title: t('fields.status'),
            dataIndex: 'status',
            width: 100,
            render: (_, record) => (
              <>
                <RecordStatus status={record.status} />
                {record.fourEyes?.firstApproval && (
                  <Tag color="gold" className="cv-finance-second-tag">
                    {t('queue.secondApproval')}
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: t('common:table.actions'),
            key: 'actions',
            fixed: 'right',
            width: 100,
            render: (_, record) => (
              <Button size="small" onClick={() => setSelectedId(record.id)}>
                {record.status === 'processing' ? t('queue.review') : t('queue.details')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

/** The open record's detail, with approve and reject buttons while it is still processing. */
export function ReviewDrawer({
  queue,
  record,
  title,
  isPending,
  onApprove = () => queue.setAction('approve'),
  children,
}: {
  queue: TReviewQueue;
  record: TReviewRecord | null;
  title: string;
  isPending: boolean;
  /** Opens the approval dialog (a page with a form in it resets the form first). */
  onApprove?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(['finance', 'wallet']);
  const isOwnFirstApproval = useIsOwnFirstApproval(record);
  return (
    <EndDrawer
      open={record !== null}
      onClose={() => queue.setSelectedId(null)}
      title={title}
      size={560}
      rootClassName="cv-finance-drawer"
      destroyOnHidden
    >
      {children}
      {record?.status === 'processing' && <FourEyesNotice fourEyes={record.fourEyes} />}
      {record?.status === 'processing' && (
        <div className="cv-finance-actions">
          <Button type="primary" onClick={onApprove} disabled={isPending || isOwnFirstApproval}>
            {t('review.approve')}
          </Button>
          <Button danger onClick={() => queue.setAction('reject')} disabled={isPending}>
            {t('review.reject')}
          </Button>
        </div>
      )}
    </EndDrawer>
  );
}

/** True when the logged-in staff member gave the record's waiting first approval (the server refuses a second). */
function useIsOwnFirstApproval(record: TReviewRecord | null): boolean {
  const me = useStaffMe().data;
  const firstApproval = record?.fourEyes?.firstApproval;
  return Boolean(me && firstApproval && firstApproval.staffId === me.id);
}

/**
 * Above the four-eyes threshold: says that two approvals are needed, who gave the first, or that the reader
 * did and must leave the second to someone else.
 */
function FourEyesNotice({ fourEyes }: { fourEyes: TRecordFourEyes }) {
  const { t } = useTranslation(['finance', 'wallet']);
  const me = useStaffMe().data;
  if (!fourEyes) {
    return null;
  }
  const first = fourEyes.firstApproval;
  const decline = fourEyes.lastDecline;
  const message = !first
    ? t('review.fourEyesNeeded', { threshold: formatAmount(fourEyes.threshold) })
    : first.staffId === me?.id
      ? t('review.ownFirstApproval', { time: isolateDate(formatDateTime(first.approvedAt)) })
      : t('review.firstApprovedBy', {
          name: first.staffName,
          time: isolateDate(formatDateTime(first.approvedAt)),
        });
  return (
    <Alert
      className="cv-finance-four-eyes"
      type={first || decline ? 'warning' : 'info'}
      showIcon
      title={<span dir="auto">{message}</span>}
      // A declined first approval sent the record back here: the next reviewer reads who refused it and why.
      description={
        decline && (
          <span dir="auto">
            {t('review.lastDeclined', {
              name: decline.staffName,
              time: isolateDate(formatDateTime(decline.decidedAt)),
            })}{' '}
            <q dir="auto">{decline.reason}</q>
          </span>
        )
      }
    />
  );
}

/** True when approving now records only the first of two approvals: nothing moves yet. */
export function isFirstOfTwo(record: TReviewRecord | null): boolean {
  return Boolean(record?.fourEyes && !record.fourEyes.firstApproval);
}

/** Confirms an approval; `hasForm` keeps the modal mounted so a form inside stays connected to its instance. */
export function ApproveModal({
  isOpen,
  title,
  isPending,
  hasForm = false,
  isFirstApproval = false,
  onCancel,
  onApprove,
  children,
}: {
  isOpen: boolean;
  title: string;
  isPending: boolean;
  hasForm?: boolean;
  /** Above the four-eyes threshold with no approval yet: the dialog says that this one moves nothing. */
  isFirstApproval?: boolean;
  onCancel: () => void;
  onApprove: () => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation(['finance', 'common', 'wallet']);
  const approve = useOneAtATime(onApprove);
  // The focus starts on the form's first field, or on Approve in a bare confirmation: it was on the close button,
  // where Enter closed the dialog and typing went nowhere (QA).
  const dialogFocus = useDialogFocus(isOpen);
  return (
    <Modal
      open={isOpen}
      title={title}
      rootClassName="cv-finance-approve"
      // Above the detail drawer it is opened from, even when mounted before it.
      zIndex={1100}
      okText={t('review.approve')}
      okButtonProps={hasForm ? undefined : dialogFocus.target}
      cancelText={t('common:actions.cancel')}
      onOk={approve}
      onCancel={onCancel}
      confirmLoading={isPending}
      forceRender={hasForm}
      destroyOnHidden={!hasForm}
      {...dialogFocus.modalProps}
    >
      {isFirstApproval && (
        <Alert className="cv-finance-four-eyes" type="info" showIcon title={t('review.firstOfTwo')} />
      )}
      {hasForm ? <div {...dialogFocus.target}>{children}</div> : children}
    </Modal>
  );
}

/** A decision's sentence followed by the amount it moves, in bold. */
export function DecisionSummary({ text, amount }: { text: string; amount: string }) {
  return (
    <p>
      {text}{' '}
      <strong>
        <MoneyText value={amount} />
      </strong>
    </p>
  );
}

/** A hash or address in the monospace face, or `--` when there is none. */
export function MonoValue({ value }: { value: string | null }) {
  return value ? <span className="cv-finance-mono">{value}</span> : '--';
}

/**
 * A record's detail in the drawer: id, status and owner, then the record's own `items`, then when it was
 * made, `afterCreated`, when it was reviewed and the reason given.
 */
export function RecordDetail({
  record,
  items,
  afterCreated = [],
}: {
  record: TReviewRecord & { reviewedAt: string | null; reason: string | null };
  items: TDetailItems;
  afterCreated?: TDetailItems;
}) {
  const { t } = useTranslation(['finance', 'wallet']);
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'id', label: t('fields.id'), children: <span dir="ltr">#{record.id}</span> },
        { key: 'status', label: t('fields.status'), children: <RecordStatus status={record.status} /> },
        {
          key: 'user',
          label: t('fields.user'),
          children: (
            <span>
              <span dir="auto">{record.userDisplayName}</span> ·{' '}
              <span dir="ltr">
                {record.usercode} (#{record.userId})
              </span>
            </span>
          ),
        },
        ...items,
        { key: 'created', label: t('fields.createdAt'), children: formatDateTime(record.createdAt) },
        ...afterCreated,
        { key: 'reviewed', label: t('fields.reviewedAt'), children: formatDateTime(record.reviewedAt) },
        ...(record.reason ? [{ key: 'reason', label: t('fields.reason'), children: record.reason }] : []),
      ]}
    />
  );
}
