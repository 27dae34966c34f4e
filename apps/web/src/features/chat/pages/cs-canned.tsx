import type { TCannedReply } from '@caravan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { hasPermission, useStaffMe } from '../../../components/console/staff-session';
import { AppForm } from '../../../components/ui/app-form';
import { ConfirmPopover } from '../../../components/ui/confirm-popover';
import { DataTable } from '../../../components/ui/data-table';
import { LimitedTextArea } from '../../../components/ui/limited-text';
import { LoadError } from '../../../components/ui/load-error';
import { NumberInput } from '../../../components/ui/number-input';
import { REMOVAL_LIST_PROPS } from '../../../components/ui/removal-focus';
import { isApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/form';
import { toast, toastError } from '../../../lib/toast';
import { chatApi } from '../api/chat-api';

type TForm = { title: string; content: string; sort: number };

/** /cs/canned: the canned replies agents insert; administrators (settings.manage) keep them. */
export default function CsCannedPage() {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const me = useStaffMe();
  const canEdit = hasPermission(me.data, 'settings.manage');
  const [editing, setEditing] = useState<TCannedReply | 'new' | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [form] = Form.useForm<TForm>();
  const query = useQuery({ queryKey: ['chat', 'cs', 'canned'], queryFn: () => chatApi.cannedReplies() });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['chat', 'cs', 'canned'] });
  const startAdding = () => {
    form.setFieldsValue({ title: '', content: '', sort: 0 });
    setEditing('new');
  };

  const save = async (values: TForm) => {
    setIsSaving(true);
    try {
      await chatApi.saveCanned(values, editing && editing !== 'new' ? editing.id : undefined);
      toast.success(t('canned.saved'));
      setEditing(null);
      refresh();
    } catch (error) {
      // A refused field (a sort order out of range) is told beside it.
      showSubmitError(form, error, t);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <>
      <ConsolePageHead
        title={t('canned.title')}
        extra={
          canEdit && (
            <Button type="primary" onClick={startAdding}>
              {t('canned.add')}
            </Button>
          )
        }
      />
      {/* Who is asking decides what an empty list says, so the list waits for that too. */}
      {query.isLoading || me.isLoading ? (
        <Skeleton active />
      ) : query.isError ? (
        <LoadError
          message={isApiError(query.error) ? query.error.message : t('errors.load')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div {...REMOVAL_LIST_PROPS}>
          <DataTable
            rowKey="id"
            dataSource={query.data?.replies ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{
              // An empty list names the next step: the add for who may add, else who can (an agent was left
              // with "No canned replies yet" and nothing to do).
              emptyText: canEdit ? (
                <Empty description={t('canned.empty')}>
                  <Button onClick={startAdding}>{t('canned.add')}</Button>
                </Empty>
              ) : (
                <Empty description={t('canned.emptyAskAdmin')} />
              ),
            }}
            columns={[
              { title: t('canned.name'), dataIndex: 'title' },
              {
                title: t('canned.content'),
                dataIndex: 'content',
                render: (text: string) => (
                  <span className="cv-chat__text" dir="auto">
                    {text}
                  </span>
                ),
              },
              { title: t('canned.sort'), dataIndex: 'sort', align: 'end', width: 80 },
              ...(canEdit
                ? [
                    {
                      title: t('canned.actions'),
                      key: 'actions',
                      width: 180,
                      render: (_: unknown, reply: TCannedReply) => (
                        <>
                          <Button
                            type="link"
                            onClick={() => {
                              form.setFieldsValue({
                                title: reply.title,
                                content: reply.content,
                                sort: reply.sort,
                              });
                              setEditing(reply);
                            }}
                          >
                            {t('canned.edit')}
                          </Button>
                          <ConfirmPopover
                            title={t('canned.deleteConfirm')}
                            okText={t('canned.delete')}
                            cancelText={t('cs.cancel')}
                            onConfirm={() =>
                              chatApi
                                .deleteCanned(reply.id)
                                .then(refresh, (e: unknown) => toastError(e, t('errors.load')))
                            }
                          >
                            <Button type="link" danger data-removal-focus>
                              {t('canned.delete')}
                            </Button>
                          </ConfirmPopover>
                        </>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </div>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('canned.add') : t('canned.edit')}
        okText={t('canned.save')}
        cancelText={t('cs.cancel')}
        confirmLoading={isSaving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <AppForm
          form={form}
          layout="vertical"
          onFinish={save}
          initialValues={{ title: '', content: '', sort: 0 }}
        >
          <Form.Item
            name="title"
            label={t('canned.name')}
            rules={[{ required: true, max: 64, whitespace: true }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('canned.content')}
            rules={[{ required: true, max: 2000, whitespace: true }]}
          >
            <LimitedTextArea limit={2000} rows={4} />
          </Form.Item>
          <Form.Item name="sort" label={t('canned.sort')}>
            <NumberInput />
          </Form.Item>
        </AppForm>
      </Modal>
    </>
  );
}
