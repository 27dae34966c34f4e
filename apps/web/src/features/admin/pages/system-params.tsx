import { type TSystemParam, ZUpdateSystemParamRequest } from '@caravan/contracts';
import { Button, Form, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/console/load-error';
import { AppForm } from '../../../components/ui/app-form';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { LimitedTextArea } from '../../../components/ui/limited-text';
import { SentenceWithValues } from '../../../components/ui/sentence-with-values';
import { useDialogFocus } from '../../../components/ui/use-dialog-focus';
import { isApiError } from '../../../lib/api';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useSaveSystemParam, useSystemParams } from '../api/admin-api';

/** A setting's dictionary key: codes hold dots ("withdraw_fee.BTC"), which i18next reads as nesting. */
function descriptionKey(code: string): string {
  return `params.descriptions.${code.replaceAll('.', '__')}`;
}

export default function SystemParamsPage() {
  const { t } = useTranslation(['admin', 'common', 'validation', 'errors']);
  /** What a setting is for, in the reader's language; the stored English text for a setting the dictionary lacks. */
  const describe = (param: TSystemParam) => (
    <SentenceWithValues text={t(descriptionKey(param.code), { defaultValue: param.description })} />
  );
  const params = useSystemParams();
  const saveParam = useSaveSystemParam();
  const [editing, setEditing] = useState<TSystemParam | null>(null);
  const [form] = Form.useForm();
  // Typing goes into the value at once (the focus was on the close button).
  const dialogFocus = useDialogFocus(editing !== null);

  // One save at a time: the button shows it is busy only a render later, and a double click had sent two.
  const save = useOneAtATime(async () => {
    const body = parseFormValues(form, ZUpdateSystemParamRequest, form.getFieldsValue(), t);
    if (!body || !editing) {
      return;
    }
    try {
      await saveParam.mutateAsync({ code: editing.code, value: body.value });
      toast.success(t('common:success.operationSucceeded'));
      setEditing(null);
    } catch (error) {
      if (isApiError(error) && error.code.startsWith('SETTING_')) {
        // Beside the value: the server words the setting's range or rule in the reader's language.
        form.setFields([{ name: 'value', errors: [error.message] }]);
        return;
      }
      showSubmitError(form, error, t);
    }
  });

  return (
    <>
      <ConsolePageHead title={t('menu.params')} />
      {params.isError && <LoadError onRetry={() => void params.refetch()} />}
      <DataTable<TSystemParam>
        rowKey="code"
        size="middle"
        loading={params.isFetching}
        dataSource={params.data ?? []}
        pagination={false}
        scroll={{ x: 800 }}
        columns={[
          {
            title: t('params.code'),
            dataIndex: 'code',
            // Keys of 35 letters wrap rather than run under the pinned "Edit" column at 360 px.
            render: (v: string) => (
              <code dir="ltr" className="cv-table-code">
                {v}
              </code>
            ),
          },
          {
            title: t('params.value'),
            dataIndex: 'value',
            // Values are short codes, numbers and time windows: one left-to-right run that does not break
            // ("00:00-24:00" split into "00:00-" and "24:00" in a narrow column).
            render: (v: string) =>
              v ? (
                <span dir="ltr" className="cv-nowrap">
                  {v}
                </span>
              ) : (
                <span className="cv-muted">--</span>
              ),
          },
          { title: t('params.description'), key: 'description', render: (_, param) => describe(param) },
          {
            title: t('params.visibility'),
            dataIndex: 'isPublic',
            render: (isPublic: boolean) => <Tag>{t(isPublic ? 'params.public' : 'params.private')}</Tag>,
          },
          { title: t('params.updatedAt'), dataIndex: 'updatedAt', render: dateTimeCell },
          {
            title: t('common:table.actions'),
            key: 'actions',
            render: (_, param) => (
              <Button
                size="small"
                onClick={() => {
                  setEditing(param);
                  form.setFieldsValue({ value: param.value });
                }}
              >
                {t('common:actions.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t('params.edit', { code: editing?.code ?? '' })}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={saveParam.isPending}
        destroyOnHidden
        {...dialogFocus.modalProps}
      >
        <p className="cv-muted">{editing ? describe(editing) : null}</p>
        <AppForm form={form} layout="vertical" requiredMark={false} onFinish={save}>
          <Form.Item name="value" label={t('params.value')}>
            {/* A number or a time window reads left to right in an Arabic console ("-5" had shown as "5-"). */}
            <LimitedTextArea rows={3} limit={2000} dir="auto" {...dialogFocus.target} />
          </Form.Item>
        </AppForm>
      </Modal>
    </>
  );
}
