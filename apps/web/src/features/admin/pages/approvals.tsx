import {
  APPROVAL_ACTIONS,
  APPROVAL_STATUSES,
  type TApproval,
  type TApprovalAction,
  type TApprovalStatus,
  ZRejectApprovalRequest,
} from '@caravan/contracts';
import { Alert, Button, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/console/load-error';
import { useServerPaging } from '../../../components/console/server-paging';
import { useStaffMe } from '../../../components/console/staff-session';
import { AppForm } from '../../../components/ui/app-form';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { DataTable } from '../../../components/ui/data-table';
import { MoneyText } from '../../../components/ui/money-text';
import { parseFormValues } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { toast, toastError } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { type TApprovalFilter, useApprovals, useDecideApproval } from '../api/approvals-api';

const STATUS_COLOURS: Record<TApprovalStatus, string> = {
  waiting: 'orange',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};

/**
 * Four-eyes: money approvals above their threshold wait here with the first approver's name until a
 * second, different staff member approves or declines them.
 */
export default function ApprovalsPage() {
  const { t } = useTranslation(['console', 'validation', 'common']);
  const selectClear = useSelectClear();
  const paging = useServerPaging();
  const { data: me } = useStaffMe();
  const [filter, setFilter] = useState<TApprovalFilter>({ pageNum: 1, pageSize: 20, status: 'waiting' });
  const list = useApprovals(filter);
  const decide = useDecideApproval();
  const [confirming, setConfirming] = useState<TApproval | null>(null);
  const [declining, setDeclining] = useState<TApproval | null>(null);
  const [declineForm] = Form.useForm<{ reason?: string }>();

  const approve = useOneAtATime(async () => {
    if (!confirming) {
      return;
    }
    try {
      await decide.mutateAsync({ id: confirming.id, decision: 'approve' });
      toast.success(t('approvals.approved'));
      setConfirming(null);
    } catch (error) {
      toastError(error, t('common:errors.generic'));
    }
  });
  const decline = useOneAtATime(async () => {
    if (!declining) {
      return;
    }
    const body = parseFormValues(
      declineForm,
      ZRejectApprovalRequest,
      { reason: declineForm.getFieldValue('reason') ?? '' },
      t,
    );
    if (!body) {
      return;
    }
    try {
      await decide.mutateAsync({ id: declining.id, decision: 'decline', reason: body.reason });
      toast.success(t('approvals.declined'));
      setDeclining(null);
    } catch (error) {
      toastError(error, t('common:errors.generic'));
    }
  });

  return (
    <>
      <ConsolePageHead title={t('menu.approvals')} />
      <Alert type="info" showIcon className="cv-console__note" title={t('approvals.intro')} />
      <Space wrap className="cv-console__filters">
        <Select<TApprovalStatus>
          aria-label={t('approvals.status')}
          style={{ width: 180 }}
          value={filter.status}
          onChange={(status) => setFilter((f) => ({ ...f, pageNum: 1, status }))}
          options={APPROVAL_STATUSES.map((status) => ({
            value: status,
            label: t(`approvals.statuses.${status}`),
          }))}
        />
        <Select<TApprovalAction>
          allowClear={selectClear}
          aria-label={t('approvals.action')}
          placeholder={t('approvals.action')}
          style={{ width: 180 }}
          value={filter.action}
          onChange={(action) => setFilter((f) => ({ ...f, pageNum: 1, action }))}
          options={APPROVAL_ACTIONS.map((action) => ({
            value: action,
            label: t(`approvals.actions.${action}`),
          }))}
        />
      </Space>
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<TApproval>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.pageList ?? []}
          locale={{ emptyText: t('approvals.empty') }}
          scroll={{ x: 1000 }}
          pagination={paging(filter, list.data?.total, (pageNum, pageSize) =>
            setFilter((f) => ({ ...f, pageNum, pageSize })),
          )}
          columns={[
            {
              title: t('approvals.action'),
              dataIndex: 'action',
              render: (action: TApprovalAction) => t(`approvals.actions.${action}`),
            },
            {
              title: t('approvals.target'),
              dataIndex: 'targetId',
              render: (v: string) => <bdi dir="ltr">#{v}</bdi>,
            },
            {
              title: t('approvals.amount'),
              dataIndex: 'amount',
              align: 'end',
              render: (v: string) => <MoneyText value={v} />,
            },
            {
              title: t('approvals.threshold'),
              dataIndex: 'threshold',
              align: 'end',
              render: (v: string) => <MoneyText value={v} />,
            },
            {
              title: t('approvals.firstApprover'),
              key: 'first',
              render: (_, a) => (
                <span>
                  <bdi>{a.firstStaffName}</bdi>
                  <br />
                  <bdi dir="ltr">{formatDateTime(a.firstApprovedAt)}</bdi>
                </span>
              ),
            },
            {
              title: t('approvals.status'),
              dataIndex: 'status',
              render: (status: TApprovalStatus, a) => (
                <span>
                  <Tag color={STATUS_COLOURS[status]}>{t(`approvals.statuses.${status}`)}</Tag>
                  {a.secondStaffName && <bdi>{a.secondStaffName}</bdi>}
                </span>
              ),
            },
            {
              title: t('common:table.actions'),
              key: 'actions',
              fixed: 'right',
              render: (_, a) =>
                a.status === 'waiting' ? (
                  <Space wrap>
                    <Button
                      size="small"
                      type="primary"
                      disabled={a.firstStaffId === me?.id}
                      title={a.firstStaffId === me?.id ? t('approvals.ownFirst') : undefined}
                      onClick={() => setConfirming(a)}
                    >
                      {t('approvals.approve')}
                    </Button>
                    <Button
                      size="small"
                      danger
                      onClick={() => {
                        declineForm.resetFields();
                        setDeclining(a);
                      }}
                    >
                      {t('approvals.decline')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      )}
      <Modal
        open={confirming !== null}
        title={t('approvals.approveTitle')}
        okText={t('approvals.approve')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ disabled: decide.isPending }}
        confirmLoading={decide.isPending}
        onOk={approve}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        {confirming && (
          <p>
            {t('approvals.approveBody', {
              action: t(`approvals.actions.${confirming.action}`),
              target: confirming.targetId,
              name: confirming.firstStaffName,
            })}{' '}
            <MoneyText value={confirming.amount} />
          </p>
        )}
      </Modal>
      <Modal
        open={declining !== null}
        title={t('approvals.declineTitle')}
        okText={t('approvals.decline')}
        okButtonProps={{ danger: true, disabled: decide.isPending }}
        cancelText={t('common:actions.cancel')}
        confirmLoading={decide.isPending}
        onOk={decline}
        onCancel={() => setDeclining(null)}
        destroyOnHidden
      >
        <p>{t('approvals.declineBody')}</p>
        <AppForm
          form={declineForm}
          layout="vertical"
          requiredMark={false}
          onFinish={decline}
          preserve={false}
        >
          <Form.Item name="reason" label={t('approvals.reason')}>
            <Input.TextArea rows={3} maxLength={255} showCount />
          </Form.Item>
        </AppForm>
      </Modal>
    </>
  );
}
