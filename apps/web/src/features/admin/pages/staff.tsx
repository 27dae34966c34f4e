import {
  STAFF_MEMBER_STATUSES,
  type TStaffMember,
  ZCreateStaffRequest,
  ZUpdateStaffRequest,
} from '@caravan/contracts';
import { Button, Form, Input, Modal, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/console/load-error';
import { AppForm } from '../../../components/ui/app-form';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useRoles, useSaveStaff, useStaffList } from '../api/admin-api';
import { useRoleText } from '../lib/role-text';

type TEditing = { member: TStaffMember | null } | null;

export default function StaffPage() {
  const { t } = useTranslation(['admin', 'common', 'validation', 'auth']);
  const staff = useStaffList();
  const roles = useRoles();
  const saveStaff = useSaveStaff();
  const [editing, setEditing] = useState<TEditing>(null);
  const [form] = Form.useForm();
  const roleText = useRoleText();
  const isCreate = editing !== null && editing.member === null;

  const open = (member: TStaffMember | null) => {
    setEditing({ member });
    form.resetFields();
    form.setFieldsValue(
      member
        ? { displayName: member.displayName, roleId: member.roleId, status: member.status }
        : { username: '', displayName: '', password: '', roleId: undefined },
    );
  };

  // A double click created the member and then said its username was taken.
  const save = useOneAtATime(async () => {
    if (!editing) {
      return;
    }
    const values = form.getFieldsValue();
    try {
      if (editing.member) {
        const body = parseFormValues(form, ZUpdateStaffRequest, values, t);
        if (!body) {
          return;
        }
        await saveStaff.mutateAsync({ id: editing.member.id, body });
      } else {
        const body = parseFormValues(form, ZCreateStaffRequest, values, t);
        if (!body) {
          return;
        }
        await saveStaff.mutateAsync({ body });
      }
      toast.success(t('common:success.operationSucceeded'));
      setEditing(null);
    } catch (error) {
      showSubmitError(form, error, t);
    }
  });

  return (
    <>
      <ConsolePageHead
        title={t('menu.staff')}
        extra={
          <Button type="primary" onClick={() => open(null)}>
            {t('staff.create')}
          </Button>
        }
      />
      {staff.isError && <LoadError onRetry={() => void staff.refetch()} />}
      <DataTable<TStaffMember>
        rowKey="id"
        size="middle"
        loading={staff.isFetching}
        dataSource={staff.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          {
            title: t('staff.username'),
            dataIndex: 'username',
            render: (v: string) => <span dir="ltr">{v}</span>,
          },
          { title: t('staff.displayName'), dataIndex: 'displayName' },
          { title: t('staff.role'), dataIndex: 'roleName', render: (name: string) => roleText.name(name) },
          {
            title: t('staff.status'),
            dataIndex: 'status',
            render: (status: TStaffMember['status']) => (
              <Tag color={status === 'active' ? 'green' : 'red'}>{t(`staff.statuses.${status}`)}</Tag>
            ),
          },
          { title: t('staff.createdAt'), dataIndex: 'createdAt', render: dateTimeCell },
          {
            title: t('common:table.actions'),
            key: 'actions',
            render: (_, member) => (
              <Button size="small" onClick={() => open(member)}>
                {t('common:actions.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t(isCreate ? 'staff.create' : 'staff.edit')}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={saveStaff.isPending}
        destroyOnHidden
      >
        <AppForm form={form} layout="vertical" requiredMark={false} onFinish={save}>
          {isCreate && (
            <Form.Item name="username" label={t('staff.username')}>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="displayName" label={t('staff.displayName')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="roleId" label={t('staff.role')}>
            <Select
              loading={roles.isLoading}
              options={(roles.data ?? []).map((role) => ({
                value: role.id,
                label: roleText.name(role.name),
              }))}
            />
          </Form.Item>
          {isCreate ? (
            <Form.Item name="password" label={t('auth:fields.password')} extra={t('staff.passwordRule')}>
              <Input.Password autoComplete="new-password" maxLength={64} />
            </Form.Item>
          ) : (
            <Form.Item name="status" label={t('staff.status')}>
              <Select
                options={STAFF_MEMBER_STATUSES.map((status) => ({
                  value: status,
                  label: t(`staff.statuses.${status}`),
                }))}
              />
            </Form.Item>
          )}
        </AppForm>
      </Modal>
    </>
  );
}
