import { STAFF_PERMISSIONS, type TRoleInfo, ZRoleRequest } from '@caravan/contracts';
import { Button, Checkbox, Form, Input, Modal, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/console/load-error';
import { AppForm } from '../../../components/ui/app-form';
import { DataTable } from '../../../components/ui/data-table';
import { LimitedTextArea } from '../../../components/ui/limited-text';
import { captureRemovalPlace, REMOVAL_LIST_PROPS } from '../../../components/ui/removal-focus';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useDeleteRole, useRoles, useSaveRole } from '../api/admin-api';
import { useRoleText } from '../lib/role-text';

type TEditing = { role: TRoleInfo | null } | null;

export default function RolesPage() {
  const { t } = useTranslation(['admin', 'common', 'validation', 'errors']);
  const [modal, modalHolder] = Modal.useModal();
  const roles = useRoles();
  const saveRole = useSaveRole();
  const deleteRole = useDeleteRole();
  const [editing, setEditing] = useState<TEditing>(null);
  const [form] = Form.useForm();
  const roleText = useRoleText();

  const open = (role: TRoleInfo | null) => {
    setEditing({ role });
    // A built-in role in the reader's language, as the list shows it (the editor showed the stored English).
    form.setFieldsValue({
      name: role ? roleText.name(role.name) : '',
      description: role ? roleText.description(role) : '',
      permissions: role?.permissions ?? [],
    });
  };

  /** What is saved: a built-in role keeps its stored name, and its stored description while the shown one is kept. */
  const storedTexts = (
    values: { name?: unknown; description?: unknown },
    role: TRoleInfo | null | undefined,
  ) =>
    role
      ? {
          name:
            role.name === values.name || roleText.name(role.name) === values.name ? role.name : values.name,
          description:
            values.description === roleText.description(role) ? role.description : values.description,
        }
      : {};

  // One save at a time: the button shows it is busy only a render later, and a double click had sent two.
  const save = useOneAtATime(async () => {
    const values = form.getFieldsValue();
    const body = parseFormValues(form, ZRoleRequest, { ...values, ...storedTexts(values, editing?.role) }, t);
    if (!body || !editing) {
      return;
    }
    try {
      await saveRole.mutateAsync({ id: editing.role?.id, body });
      toast.success(t('common:success.operationSucceeded'));
      setEditing(null);
    } catch (error) {
      showSubmitError(form, error, t);
    }
  });

  const confirmDelete = (role: TRoleInfo) => {
    const removalPlace = captureRemovalPlace(document.activeElement);
    void modal.confirm({
      title: t('roles.deleteTitle'),
      content: t('roles.deleteBody', { name: role.name }),
      okText: t('common:actions.delete'),
      okButtonProps: { danger: true },
      // A destructive step starts on Cancel: Enter twice must not carry it out.
      focusable: { autoFocusButton: 'cancel' },
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        // A refusal (ROLE_IN_USE, system role) is toasted by the mutation cache with the server's message.
        const isDeleted = await deleteRole.mutateAsync(role.id).then(
          () => true,
          () => false,
        );
        if (isDeleted) {
          removalPlace?.focusNeighbourOnceRemoved();
          toast.success(t('common:success.operationSucceeded'));
        }
      },
    });
  };

  return (
    <>
      {modalHolder}
      <ConsolePageHead
        title={t('menu.roles')}
        extra={
          <Button type="primary" onClick={() => open(null)}>
            {t('roles.create')}
          </Button>
        }
      />
      {roles.isError && <LoadError onRetry={() => void roles.refetch()} />}
      <div {...REMOVAL_LIST_PROPS}>
        <DataTable<TRoleInfo>
          rowKey="id"
          size="middle"
          loading={roles.isFetching}
          dataSource={roles.data ?? []}
          pagination={false}
          // Fits the console at 1024 px (764 px for the table): at 800 its staff count sat under the pinned actions.
          scroll={{ x: 720 }}
          columns={[
            {
              title: t('roles.name'),
              dataIndex: 'name',
              render: (name: string, role) => (
                <Space>
                  {roleText.name(name)}
                  {role.isSystem && <Tag>{t('roles.system')}</Tag>}
                </Space>
              ),
            },
            {
              title: t('roles.description'),
              key: 'description',
              render: (_, role) => roleText.description(role),
            },
            {
              title: t('roles.permissions'),
              dataIndex: 'permissions',
              render: (permissions: string[]) => t('roles.permissionCount', { count: permissions.length }),
            },
            { title: t('roles.userCount'), dataIndex: 'userCount', align: 'end' },
            {
              title: t('common:table.actions'),
              key: 'actions',
              render: (_, role) => (
                <Space>
                  <Button size="small" onClick={() => open(role)}>
                    {t('common:actions.edit')}
                  </Button>
                  {/* A built-in role is never deleted (its tag says so); one held by staff waits until none holds it. */}
                  {!role.isSystem &&
                    (role.userCount > 0 ? (
                      <Tooltip title={t('errors:ROLE_IN_USE')}>
                        <Button size="small" danger disabled>
                          {t('common:actions.delete')}
                        </Button>
                      </Tooltip>
                    ) : (
                      <Button size="small" danger data-removal-focus onClick={() => confirmDelete(role)}>
                        {t('common:actions.delete')}
                      </Button>
                    ))}
                </Space>
              ),
            },
          ]}
        />
      </div>
      <Modal
        open={editing !== null}
        title={t(editing?.role ? 'roles.edit' : 'roles.create')}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={saveRole.isPending}
        width={640}
        destroyOnHidden
      >
        <AppForm form={form} layout="vertical" requiredMark={false} onFinish={save}>
          <Form.Item name="name" label={t('roles.name')}>
            {/* A built-in role keeps its name (the server refuses another): the box shows it, locked. */}
            <Input maxLength={64} disabled={editing?.role?.isSystem === true} />
          </Form.Item>
          <Form.Item name="description" label={t('roles.description')}>
            <LimitedTextArea rows={2} limit={255} />
          </Form.Item>
          <Form.Item name="permissions" label={t('roles.permissions')}>
            <Checkbox.Group className="cv-permission-grid">
              {STAFF_PERMISSIONS.map((permission) => (
                <Checkbox key={permission} value={permission}>
                  {t(`permissions.${permission.replace('.', '_')}`)}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
        </AppForm>
      </Modal>
    </>
  );
}
