import { Button, DatePicker, Form, type FormInstance, Modal, Space, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/console/load-error';
import { AppForm } from '../../../components/ui/app-form';
import { DataTable } from '../../../components/ui/data-table';
import { REMOVAL_LIST_PROPS } from '../../../components/ui/removal-focus';
import { showSubmitError } from '../../../lib/form';
import { formatDateTime, withTimeZone } from '../../../lib/format';
import { toast } from '../../../lib/toast';

/** A schedule as the range picker holds it; either end may be open. */
export type TScheduleValue = [Dayjs | null, Dayjs | null] | null;

export function toScheduleValue(startsAt: string | null, endsAt: string | null): TScheduleValue {
  return [startsAt ? dayjs(startsAt) : null, endsAt ? dayjs(endsAt) : null];
}

export function fromScheduleValue(value: TScheduleValue | undefined): {
  startsAt: string | null;
  endsAt: string | null;
} {
  return { startsAt: value?.[0]?.toISOString() ?? null, endsAt: value?.[1]?.toISOString() ?? null };
}

/**
 * From – to of a scheduled record, in the reader's time, each end whole on its line if the cell is narrow: a date broke
 * at its hyphen ("2026-" / "12-25", QA, Arabic console at 1024 px).
 */
export function ScheduleText({ startsAt, endsAt }: { startsAt: string | null; endsAt: string | null }) {
  return (
    <bdi dir="ltr">
      <span className="cv-nowrap">{formatDateTime(startsAt)} –</span>{' '}
      <span className="cv-nowrap">{formatDateTime(endsAt)}</span>
    </bdi>
  );
}

/** The form's `schedule` field: a date and time range with open ends allowed. */
export function ScheduleField() {
  const { t } = useTranslation('console');
  return (
    <Form.Item name="schedule" label={withTimeZone(t('catalog.schedule'))}>
      <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
    </Form.Item>
  );
}

/** On or off, as the curation tables show it. */
export function ActiveTag({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation('console');
  return isActive ? <Tag color="green">{t('catalog.on')}</Tag> : <Tag>{t('catalog.off')}</Tag>;
}

/** The bar above a curation table with its one "new" button. */
export function NewRecordBar({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Space className="cv-console__filters">
      <Button type="primary" onClick={onClick}>
        {label}
      </Button>
    </Space>
  );
}

/**
 * The record a curation tab is editing ('new' for one being added) and its form: `open` fills the form,
 * `save` runs the call, reports success and closes, or puts the server's answer on the fields.
 */
export function useCurationEditor<TRecord, TValues>() {
  const { t } = useTranslation(['console', 'validation', 'common']);
  const [editing, setEditing] = useState<TRecord | 'new' | null>(null);
  const [form] = Form.useForm<TValues>();
  const open = (
    record: TRecord | 'new',
    values: Parameters<FormInstance<TValues>['setFieldsValue']>[0] | null,
  ) => {
    form.resetFields();
    if (values) {
      form.setFieldsValue(values);
    }
    setEditing(record);
  };
  const save = async (call: () => Promise<unknown>) => {
    try {
      await call();
      toast.success(t('common:success.operationSucceeded'));
      setEditing(null);
    } catch (error) {
      showSubmitError(form, error, t);
    }
  };
  return { editing, form, open, close: () => setEditing(null), save };
}

/** The add / edit dialog of a curation tab: its title by mode, save and cancel, one vertical form. */
export function CurationDialog<TValues>({
  isOpen,
  title,
  form,
  isSaving,
  width,
  onSave,
  onCancel,
  children,
}: {
  isOpen: boolean;
  title: string;
  form: FormInstance<TValues>;
  isSaving: boolean;
  width?: number;
  onSave: () => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={isOpen}
      title={title}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={isSaving}
      // Save submits the form, so its fields' rules run as they do on Enter (a picture still uploading).
      onOk={() => form.submit()}
      onCancel={onCancel}
      width={width}
      destroyOnHidden
    >
      <AppForm form={form} layout="vertical" requiredMark={false} onFinish={onSave}>
        {children}
      </AppForm>
    </Modal>
  );
}

/** A curation tab's list: the "new" button, a load error if any, and the records in pages of 20. */
export function CurationTable<TRecord extends { id: string }>({
  newLabel,
  onNew,
  query,
  emptyText,
  columns,
}: {
  newLabel: string;
  onNew: () => void;
  query: {
    data: TRecord[] | undefined;
    isError: boolean;
    isFetching: boolean;
    refetch: () => Promise<unknown>;
  };
  emptyText: string;
  columns: TableColumnsType<TRecord>;
}) {
  return (
    <>
      <NewRecordBar label={newLabel} onClick={onNew} />
      {query.isError && <LoadError onRetry={() => void query.refetch()} />}
      {/* Rows whose removing button carries data-removal-focus pass the focus on when they go (removal-focus.ts). */}
      <div {...REMOVAL_LIST_PROPS}>
        <DataTable<TRecord>
          rowKey="id"
          size="small"
          loading={query.isFetching}
          dataSource={query.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText }}
          scroll={{ x: 760 }}
          columns={columns}
        />
      </div>
    </>
  );
}
