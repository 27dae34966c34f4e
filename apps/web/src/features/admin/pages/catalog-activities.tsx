import { type TActivity, ZActivityRequest } from '@caravan/contracts';
import { Alert, Button, DatePicker, Form, Input, Modal, Space, Switch, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useActivities, useSaveActivity } from '../api/catalog-api';
import { compactTexts, LanguageFields, nameOf } from '../components/language-fields';

type TActivityForm = {
  titles?: Record<string, string>;
  detailUrl?: string;
  schedule?: [Dayjs | null, Dayjs | null] | null;
  isActive?: boolean;
};

/** Whether the storefront shows this activity now (same rule as activity/lottery!getCurrentActivity). */
function isRunning(activity: TActivity, now: number): boolean {
  return (
    activity.isActive &&
    (activity.startsAt === null || Date.parse(activity.startsAt) <= now) &&
    (activity.endsAt === null || Date.parse(activity.endsAt) > now)
  );
}

/** The current activity the apps open (activity/lottery!getCurrentActivity): detail page, schedule, on/off. */
export function ActivitiesTab() {
  const { t, i18n } = useTranslation(['console', 'validation', 'common']);
  const activities = useActivities();
  const save = useSaveActivity();
  const [editing, setEditing] = useState<TActivity | 'new' | null>(null);
  const [form] = Form.useForm<TActivityForm>();
  const now = Date.now();
  // The newest running one is the current activity (the list comes newest first).
  const currentId = (activities.data ?? []).find((a) => isRunning(a, now))?.id ?? null;

  const open = (activity: TActivity | 'new') => {
    form.resetFields();
    form.setFieldsValue(
      activity === 'new'
        ? { detailUrl: '/information', isActive: true }
        : {
            titles: activity.titles,
            detailUrl: activity.detailUrl,
            isActive: activity.isActive,
            schedule: [
              activity.startsAt ? dayjs(activity.startsAt) : null,
              activity.endsAt ? dayjs(activity.endsAt) : null,
            ],
          },
    );
    setEditing(activity);
  };
  const submit = async () => {
    const values = form.getFieldsValue();
    const body = parseFormValues(
      form,
      ZActivityRequest,
      {
        titles: compactTexts(values.titles),
        detailUrl: values.detailUrl?.trim() ?? '',
        startsAt: values.schedule?.[0]?.toISOString() ?? null,
        endsAt: values.schedule?.[1]?.toISOString() ?? null,
        isActive: values.isActive ?? true,
      },
      t,
    );
    if (!body || editing === null) {
      return;
    }
    try {
      await save.mutateAsync({ id: editing === 'new' ? null : editing.id, body });
      toast.success(t('common:success.operationSucceeded'));
      setEditing(null);
    } catch (error) {
      showSubmitError(form, error, t);
    }
  };

  return (
    <>
      <Space className="cv-console__filters">
        <Button type="primary" onClick={() => open('new')}>
          {t('catalog.newActivity')}
        </Button>
      </Space>
      {activities.isError && <Alert type="error" showIcon title={t('common:errors.generic')} />}
      <Table<TActivity>
        rowKey="id"
        size="small"
        loading={activities.isFetching}
        dataSource={activities.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('catalog.noActivities') }}
        scroll={{ x: 760 }}
        columns={[
          {
            title: t('catalog.activityTitle'),
            key: 'title',
            render: (_, a) => (
              <Space>
                <bdi>{nameOf(a.titles, i18n.language) || '--'}</bdi>
                {a.id === currentId && <Tag color="green">{t('catalog.activityCurrent')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('catalog.detailUrl'),
            dataIndex: 'detailUrl',
            render: (url: string) => <bdi dir="ltr">{url}</bdi>,
          },
          {
            title: t('catalog.schedule'),
            key: 'schedule',
            render: (_, a) => (
              <bdi dir="ltr">{`${formatDateTime(a.startsAt)} – ${formatDateTime(a.endsAt)}`}</bdi>
            ),
          },
          {
            title: t('catalog.active'),
            dataIndex: 'isActive',
            width: 90,
            render: (isActive: boolean) =>
              isActive ? <Tag color="green">{t('catalog.on')}</Tag> : <Tag>{t('catalog.off')}</Tag>,
          },
          {
            title: t('common:table.actions'),
            key: 'actions',
            width: 100,
            render: (_, a) => (
              <Button size="small" onClick={() => open(a)}>
                {t('common:actions.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('catalog.newActivity') : t('catalog.editActivity')}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={save.isPending}
        onOk={submit}
        onCancel={() => setEditing(null)}
        width={640}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <LanguageFields name="titles" label={t('catalog.activityTitle')} max={80} />
          <Form.Item name="detailUrl" label={t('catalog.detailUrl')} extra={t('catalog.detailUrlHint')}>
            <Input maxLength={500} dir="ltr" />
          </Form.Item>
          <Form.Item name="schedule" label={t('catalog.schedule')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item name="isActive" label={t('catalog.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
