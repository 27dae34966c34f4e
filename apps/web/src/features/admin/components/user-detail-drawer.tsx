import { type TAdminUserDetail, USER_ACTION_REASON_MAX } from '@caravan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Skeleton, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/console/load-error';
import { ReasonModal } from '../../../components/console/reason-modal';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { EndDrawer } from '../../../components/ui/end-drawer';
import { MoneyText } from '../../../components/ui/money-text';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { toast, toastError } from '../../../lib/toast';

const staffCall = { audience: 'staff' } as const;

/** The drawer's small lists (ledger, orders, loans, sessions): no paging, an empty line, scroll on narrow screens. */
function DetailTable(props: {
  rowKey: string;
  title: string;
  dataSource: object[];
  columns: TableColumnsType<object>;
}) {
  const { t } = useTranslation('console');
  return (
    <DataTable<object>
      size="small"
      rowKey={props.rowKey}
      title={() => props.title}
      dataSource={props.dataSource}
      pagination={false}
      scroll={{ x: 520 }}
      locale={{ emptyText: t('userDetail.none') }}
      columns={props.columns}
    />
  );
}

function timeColumn(title: string, dataIndex: string): TableColumnsType<object>[number] {
  return { title, dataIndex, render: dateTimeCell };
}

function amountColumn(title: string, dataIndex: string): TableColumnsType<object>[number] {
  return { title, dataIndex, align: 'end', render: (v: string) => <MoneyText value={v} /> };
}

type TLock = 'login' | 'txPassword';

/** The two locks a user can be under, in the order the profile lists them. */
const LOCK_ROWS: {
  lock: TLock;
  key: string;
  label: 'userDetail.loginLock' | 'userDetail.txLock';
  lockedUntilOf: (user: TAdminUserDetail['user']) => string | null;
}[] = [
  {
    lock: 'login',
    key: 'loginLock',
    label: 'userDetail.loginLock',
    lockedUntilOf: (u) => u.loginLockedUntil,
  },
  { lock: 'txPassword', key: 'txLock', label: 'userDetail.txLock', lockedUntilOf: (u) => u.txLockedUntil },
];

/** Until when a lock holds, and for staff who may manage users a button to lift it while it does. */
function LockState({
  lockedUntil,
  canUnlock,
  onUnlock,
}: {
  lockedUntil: string | null;
  canUnlock: boolean;
  onUnlock: () => void;
}) {
  const { t } = useTranslation('console');
  return (
    <Space>
      <bdi dir="ltr">{formatDateTime(lockedUntil)}</bdi>
      {canUnlock && lockedUntil && (
        <Button size="small" onClick={onUnlock}>
          {t('userDetail.unlock')}
        </Button>
      )}
    </Space>
  );
}

/**
 * A closed account: when and why, and the names it logged in with. They stay on the account for the platform's
 * re-registration days and are then freed, so staff would otherwise lose who the account was.
 */
function CancellationDetails({
  cancellation,
}: {
  cancellation: NonNullable<TAdminUserDetail['cancellation']>;
}) {
  const { t } = useTranslation(['console', 'admin']);
  const phone = cancellation.formerPhone
    ? `${cancellation.formerAreaCode ?? ''} ${cancellation.formerPhone}`.trim()
    : null;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="user-cancellation"
      title={t('admin:users.statuses.cancelled')}
      items={[
        {
          key: 'closedAt',
          label: t('userDetail.closedAt'),
          children: <bdi dir="ltr">{formatDateTime(cancellation.cancelledAt)}</bdi>,
        },
        {
          key: 'closeReason',
          label: t('userDetail.closeReason'),
          children: <bdi>{cancellation.reason ?? '--'}</bdi>,
        },
        {
          key: 'formerUsername',
          label: t('userDetail.formerUsername'),
          children: <bdi>{cancellation.formerUsername ?? '--'}</bdi>,
        },
        {
          key: 'formerEmail',
          label: t('userDetail.formerEmail'),
          children: <bdi>{cancellation.formerEmail ?? '--'}</bdi>,
        },
        {
          key: 'formerPhone',
          label: t('userDetail.formerPhone'),
          children: <bdi dir="ltr">{phone ?? '--'}</bdi>,
        },
        cancellation.releasedAt
          ? {
              key: 'releasedAt',
              label: t('userDetail.releasedAt'),
              children: <bdi dir="ltr">{formatDateTime(cancellation.releasedAt)}</bdi>,
            }
          : {
              key: 'heldUntil',
              label: t('userDetail.heldUntil'),
              children: (
                <Space>
                  <bdi dir="ltr">{formatDateTime(cancellation.heldUntil)}</bdi>
                  {Date.parse(cancellation.heldUntil) > Date.now() && (
                    <Typography.Text type="secondary">{t('userDetail.stillHeld')}</Typography.Text>
                  )}
                </Space>
              ),
            },
      ]}
    />
  );
}

/** One user in depth: profile and locks, wallet with its ledger history, orders, loans, sessions and shop. */
export function UserDetailDrawer({
  userId,
  canManage,
  onClose,
}: {
  userId: string | null;
  canManage: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['console', 'admin', 'common', 'wallet', 'finance']);
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['admin', 'users', 'detail', userId],
    queryFn: () => api.get<TAdminUserDetail>(`/admin/users/${userId}`, staffCall),
    enabled: userId !== null,
  });
  const [unlocking, setUnlocking] = useState<TLock | null>(null);
  const unlock = useMutation({
    mutationFn: (input: { lock: TLock; reason: string }) =>
      api.post(`/admin/users/${userId}/unlock`, input, staffCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    meta: { isToastSkipped: true },
  });
  const data = detail.data;
  const submitUnlock = async (reason: string) => {
    if (!unlocking) {
      return;
    }
    try {
      await unlock.mutateAsync({ lock: unlocking, reason });
      toast.success(t('common:success.operationSucceeded'));
      setUnlocking(null);
    } catch (error) {
      toastError(error, t('common:errors.generic'));
    }
  };

  return (
    <EndDrawer
      open={userId !== null}
      onClose={onClose}
      size="large"
      title={t('userDetail.title')}
      destroyOnHidden
    >
      {detail.isLoading ? (
        <Skeleton active />
      ) : detail.isError || !data ? (
        <LoadError onRetry={() => void detail.refetch()} />
      ) : (
        <Space orientation="vertical" size="large" style={{ inlineSize: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'code',
                label: t('admin:users.usercode'),
                children: <bdi dir="ltr">{data.user.usercode}</bdi>,
              },
              {
                key: 'name',
                label: t('admin:users.username'),
                children: <bdi>{data.user.username ?? '--'}</bdi>,
              },
              { key: 'email', label: t('admin:users.email'), children: <bdi>{data.user.email ?? '--'}</bdi> },
              {
                key: 'status',
                label: t('admin:users.status'),
                children: t(`admin:users.statuses.${data.user.status}`),
              },
              ...LOCK_ROWS.map(({ lock, key, label, lockedUntilOf }) => ({
                key,
                label: t(label),
                children: (
                  <LockState
                    lockedUntil={lockedUntilOf(data.user)}
                    canUnlock={canManage}
                    onUnlock={() => setUnlocking(lock)}
                  />
                ),
              })),
              {
                key: 'wallet',
                label: t('userDetail.wallet'),
                children: (
                  <Space wrap>
                    <MoneyText value={data.wallet.available} />
                    <Typography.Text type="secondary">
                      {t('userDetail.held')} <MoneyText value={data.wallet.held} />
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                key: 'shop',
                label: t('userDetail.shop'),
                children: data.shop ? <bdi>{data.shop.name}</bdi> : '--',
              },
            ]}
          />
          {data.cancellation && <CancellationDetails cancellation={data.cancellation} />}
          {data.ledger && (
            <DetailTable
              rowKey="id"
              title={t('userDetail.ledger')}
              dataSource={data.ledger}
              columns={[
                timeColumn(t('userDetail.time'), 'createdAt'),
                {
                  title: t('userDetail.kind'),
                  dataIndex: 'kind',
                  render: (v: string) => t(`wallet:ledgerKind.${v}`, { defaultValue: v }),
                },
                {
                  // A withdrawal's hold is two rows, out of the available balance and into the held one: the
                  // account says which is which.
                  title: t('finance:ledger.account'),
                  dataIndex: 'account',
                  render: (v: string) => t(`finance:ledger.accountKinds.${v}`, { defaultValue: v }),
                },
                amountColumn(t('userDetail.amount'), 'amount'),
              ]}
            />
          )}
          <DetailTable
            rowKey="orderNo"
            title={t('userDetail.orders')}
            dataSource={data.orders}
            columns={[
              { title: '#', dataIndex: 'orderNo', render: (v: string) => <bdi dir="ltr">{v}</bdi> },
              timeColumn(t('userDetail.time'), 'createdAt'),
              amountColumn(t('userDetail.amount'), 'total'),
            ]}
          />
          <DetailTable
            rowKey="id"
            title={t('userDetail.loans')}
            dataSource={data.loans}
            columns={[
              timeColumn(t('userDetail.time'), 'createdAt'),
              {
                title: t('admin:users.status'),
                dataIndex: 'status',
                render: (v: string) => <code>{v}</code>,
              },
              amountColumn(t('userDetail.amount'), 'amount'),
            ]}
          />
          <DetailTable
            rowKey="id"
            title={t('userDetail.sessions')}
            dataSource={data.sessions}
            columns={[
              timeColumn(t('userDetail.lastSeen'), 'lastSeenAt'),
              {
                title: 'IP',
                dataIndex: 'ip',
                render: (v: string | null) => <bdi dir="ltr">{v ?? '--'}</bdi>,
              },
              {
                title: t('userDetail.device'),
                dataIndex: 'userAgent',
                ellipsis: true,
                render: (v: string | null) => <bdi dir="ltr">{v ?? '--'}</bdi>,
              },
            ]}
          />
        </Space>
      )}
      <ReasonModal
        title={unlocking ? t('userDetail.unlockTitle') : null}
        label={t('admin:users.reason')}
        maxLength={USER_ACTION_REASON_MAX}
        okText={t('userDetail.unlock')}
        isDanger={false}
        isBusy={unlock.isPending}
        onCancel={() => setUnlocking(null)}
        onSubmit={submitUnlock}
      />
    </EndDrawer>
  );
}
