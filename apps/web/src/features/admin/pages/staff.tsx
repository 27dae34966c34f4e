import {
  STAFF_MEMBER_STATUSES,
  type TRoleInfo,
  type TStaffMember,
  type TUpdateStaffRequest,
  ZCreateStaffRequest,
  ZUpdateStaffRequest,
} from '@caravan/contracts';
import { Button, Form, Input, Modal, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/console/load-error';
import { useStaffMe } from '../../../components/console/staff-session';
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
  const { data: me } = useStaffMe();
  const saveStaff = useSaveStaff();
  const [editing, setEditing] = useState<TEditing>(null);
  const [form] = Form.useForm();
  const [modal, modalHolder] = Modal.useModal();
  const roleText = useRoleText();
  const isCreate = editing !== null && editing.member === null;
  // A role with a permission the signed-in member lacks is not his to give: the server refuses it (403).
  const isGrantable = (role: TRoleInfo) => !me || role.permissions.every((p) => me.permissions.includes(p));
  const roleOptions = (roles.data ?? [])
    .filter((role) => isGrantable(role) || role.id === editing?.member?.roleId)
    .map((role) => ({ value: role.id, label: roleText.name(role.name), disabled: !isGrantable(role) }));

  const open = (member: TStaffMember | null) => {
    setEditing({ member });
    form.resetFields();
    form.setFieldsValue(
      member
        ? { displayName: member.displayName, roleId: member.roleId, status: member.status, password: '' }
        : { username: '', displayName: '', password: '', roleId: undefined },
    );
  };

  const send = async (call: () => Promise<unknown>) => {
    try {
      await call();
      toast.success(t('common:success.operationSucceeded'));
      setEditing(null);
    } catch (error) {
      showSubmitError(form, error, t);
    }
  };

  const update = async (member: TStaffMember, body: TUpdateStaffRequest) => {
    const call = () => saveStaff.mutateAsync({ id: member.id, body });
    if (member.status !== 'active' || body.status !== 'disabled') {
      await send(call);
      return;
    }
    // Disabling ends the member's sessions at once: it asks first, as stopping a campaign does.
    void modal.confirm({
      title: t('staff.disableTitle', { name: member.displayName || member.username }),
      content: t('staff.disableWarning'),
      okText: t('staff.disable'),
      okButtonProps: { danger: true },
      // A destructive step starts on Cancel: Enter twice must not carry it out.
      focusable: { autoFocusButton: 'cancel' },
      cancelText: t('common:actions.cancel'),
      onOk: () => send(call),
    });
  };

  // A double click created the member and then said its username was taken.
  const save = useOneAtATime(async () => {
    if (!editing) {
      return;
    }
    const values = form.getFieldsValue();
    if (editing.member) {
      // An empty new password keeps the current one.
      const { password, ...rest } = values as Record<string, unknown>;
      const body = parseFormValues(form, ZUpdateStaffRequest, password ? { ...rest, password } : rest, t);
      if (body) {
        await update(editing.member, body);
      }
      return;
    }
    const body = parseFormValues(form, ZCreateStaffRequest, values, t);
    if (body) {
      await send(() => saveStaff.mutateAsync({ body }));
    }
  });

  return (
    <>
      {modalHolder}
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
            // Wrapped rather than run under the pinned actions column at 360 px, as an order number is.
            render: (v: string) => (
              <bdi dir="ltr" className="cv-table-code">
                {v}
              </bdi>
            ),
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
            <Select loading={roles.isLoading} options={roleOptions} />
          </Form.Item>
          {isCreate ? (
            <Form.Item name="password" label={t('auth:fields.password')} extra={t('staff.passwordRule')}>
              <Input.Password autoComplete="new-password" maxLength={64} />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="status" label={t('staff.status')}>
                <Select
                  options={STAFF_MEMBER_STATUSES.map((status) => ({
                    value: status,
                    label: t(`staff.statuses.${status}`),
                  }))}
                />
              </Form.Item>
              {/* A member locked out of his account gets a new password here (his sessions end). */}
              <Form.Item name="password" label={t('staff.newPassword')} extra={t('staff.newPasswordHint')}>
                <Input.Password autoComplete="new-password" maxLength={64} />
              </Form.Item>
            </>
          )}
        </AppForm>
      </Modal>
    </>
  );
}
