import {
  ADMIN_USER_KEYWORD_MAX,
  ADMIN_USER_SORTS,
  ADMIN_USER_STATUSES,
  PAGE_SIZE,
  type TAdminUser,
  USER_ACTION_REASON_MAX,
  ZAdminUsersQuery,
} from '@caravan/contracts';
import { Button, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { readAddress, useFilterInAddress } from '../../../components/console/filter-in-address';
import { LoadError } from '../../../components/console/load-error';
import { ReasonModal } from '../../../components/console/reason-modal';
import { useServerPaging } from '../../../components/console/server-paging';
import { hasPermission, useStaffMe } from '../../../components/console/staff-session';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { ListEmptyText } from '../../../components/ui/list-empty-text';
import { SearchInput } from '../../../components/ui/search-input';
import { sortingInAddress } from '../../../components/ui/table-sort';
import { toast } from '../../../lib/toast';
import { type TUsersFilter, useAdminUsers, useSetUserStatus } from '../api/admin-api';
import { UserDetailDrawer } from '../components/user-detail-drawer';

type TStatus = (typeof ADMIN_USER_STATUSES)[number];
const STATUS_COLOURS: Record<TStatus, string> = {
  active: 'green',
  disabled: 'red',
  locked: 'orange',
  cancelled: 'default',
};

const DEFAULT_USERS_QUERY: TUsersFilter = { pageNum: 1, pageSize: PAGE_SIZE.list };

function parseUsersQuery(params: Record<string, string>): TUsersFilter | null {
  const query = readAddress(ZAdminUsersQuery, params);
  return (
    query && {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      keyword: query.keyword || undefined,
      status: query.status,
      sort: query.sort,
      order: query.order,
    }
  );
}

export default function UsersPage() {
  const { t } = useTranslation(['admin', 'common', 'console', 'wallet', 'finance']);
  const selectClear = useSelectClear();
  const paging = useServerPaging();
  const { data: me } = useStaffMe();
  const canManage = hasPermission(me, 'users.manage');
  // Page and filters in the address: a reload or Back from elsewhere kept neither.
  const [query, setQuery] = useFilterInAddress(DEFAULT_USERS_QUERY, parseUsersQuery);
  const [keywordInput, setKeywordInput] = useState(query.keyword ?? '');
  const users = useAdminUsers(query);
  const setStatus = useSetUserStatus();
  const [openUserId, setOpenUserId] = useState<string | null>(null);

  const [statusChange, setStatusChange] = useState<{ user: TAdminUser; isEnabled: boolean } | null>(null);
  const changeStatus = async (reason: string) => {
    if (!statusChange) {
      return;
    }
    const isDone = await setStatus
      .mutateAsync({ id: statusChange.user.id, isEnabled: statusChange.isEnabled, reason })
      .then(
        () => true,
        () => false,
      );
    if (isDone) {
      toast.success(t('common:success.operationSucceeded'));
      setStatusChange(null);
    }
  };

  return (
    <>
      <ConsolePageHead title={t('menu.users')} />
      <Space wrap className="cv-console__filters">
        <SearchInput
          maxLength={ADMIN_USER_KEYWORD_MAX}
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => setQuery((q) => ({ ...q, pageNum: 1, keyword: value.trim() || undefined }))}
          placeholder={t('users.keyword')}
          aria-label={t('users.keyword')}
          allowClear
          style={{ width: 280 }}
        />
        <Select<TStatus>
          allowClear={selectClear}
          placeholder={t('users.status')}
          aria-label={t('users.status')}
          style={{ width: 160 }}
          value={query.status}
          onChange={(status) => setQuery((q) => ({ ...q, pageNum: 1, status }))}
          options={ADMIN_USER_STATUSES.map((status) => ({
            value: status,
            label: t(`users.statuses.${status}`),
          }))}
        />
      </Space>
      {users.isError && <LoadError onRetry={() => void users.refetch()} />}
      <DataTable<TAdminUser>
        rowKey="id"
        size="middle"
        loading={users.isFetching}
        dataSource={users.data?.pageList ?? []}
        locale={{
          // A search that finds nobody says so and offers the whole list back (QA: Ant Design's bare "No data").
          emptyText: (
            <ListEmptyText
              isFiltered={Boolean(query.keyword || query.status)}
              empty={t('common:states.empty')}
              onClearFilters={() => {
                setKeywordInput('');
                setQuery((q) => ({ ...q, pageNum: 1, keyword: undefined, status: undefined }));
              }}
            />
          ),
        }}
        scroll={{ x: 900 }}
        sorting={sortingInAddress(ADMIN_USER_SORTS, query, setQuery)}
        pagination={{
          ...paging(query, users.data?.total, (pageNum, pageSize) =>
            setQuery((q) => ({ ...q, pageNum, pageSize })),
          ),
          showSizeChanger: true,
        }}
        columns={[
          {
            title: t('users.usercode'),
            dataIndex: 'usercode',
            render: (v: string) => <span dir="ltr">{v}</span>,
          },
          { title: t('users.username'), dataIndex: 'username', render: (v: string | null) => v ?? '--' },
          { title: t('users.email'), dataIndex: 'email', render: (v: string | null) => v ?? '--' },
          {
            title: t('users.phone'),
            key: 'phone',
            render: (_, user) =>
              user.phone ? <span dir="ltr">{`${user.areaCode ?? ''} ${user.phone}`}</span> : '--',
          },
          {
            title: t('users.seller'),
            dataIndex: 'isSeller',
            render: (v: boolean) => (v ? t('common:states.yes') : t('common:states.no')),
          },
          {
            title: t('users.status'),
            dataIndex: 'status',
            render: (status: TStatus) => (
              <Tag color={STATUS_COLOURS[status]}>{t(`users.statuses.${status}`)}</Tag>
            ),
          },
          { title: t('users.createdAt'), dataIndex: 'createdAt', render: dateTimeCell },
          {
            title: t('common:table.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, user) => (
              <Space wrap>
                <Button size="small" onClick={() => setOpenUserId(user.id)}>
                  {t('console:userDetail.open')}
                </Button>
                {canManage && user.status !== 'cancelled' ? (
                  user.status === 'disabled' ? (
                    <Button size="small" onClick={() => setStatusChange({ user, isEnabled: true })}>
                      {t('users.enable')}
                    </Button>
                  ) : (
                    <Button size="small" danger onClick={() => setStatusChange({ user, isEnabled: false })}>
                      {t('users.disable')}
                    </Button>
                  )
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <ReasonModal
        title={statusChange ? t(statusChange.isEnabled ? 'users.enableTitle' : 'users.disableTitle') : null}
        description={
          statusChange ? (
            <p>
              {t(statusChange.isEnabled ? 'users.enableBody' : 'users.disableBody', {
                name: statusChange.user.username ?? statusChange.user.usercode,
              })}
            </p>
          ) : null
        }
        label={t('users.reason')}
        maxLength={USER_ACTION_REASON_MAX}
        okText={statusChange ? t(statusChange.isEnabled ? 'users.enable' : 'users.disable') : undefined}
        isDanger={!statusChange?.isEnabled}
        isBusy={setStatus.isPending}
        onCancel={() => setStatusChange(null)}
        onSubmit={changeStatus}
      />
      <UserDetailDrawer userId={openUserId} canManage={canManage} onClose={() => setOpenUserId(null)} />
    </>
  );
}
