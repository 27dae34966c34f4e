import { type TActivity, ZActivityRequest } from '@caravan/contracts';
import { Button, Form, Input, Space, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { compactTexts, LanguageFields, nameOf } from '../../../components/console/language-fields';
import { parseFormValues } from '../../../lib/form';
import { useActivities, useSaveActivity } from '../api/catalog-api';
import {
  ActiveTag,
  CurationDialog,
  CurationTable,
  fromScheduleValue,
  ScheduleField,
  ScheduleText,
  type TScheduleValue,
  toScheduleValue,
  useCurationEditor,
} from '../components/curation-editor';

type TActivityForm = {
  titles?: Record<string, string>;
  detailUrl?: string;
  schedule?: TScheduleValue;
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
  const { editing, form, open, close, save: saveWith } = useCurationEditor<TActivity, TActivityForm>();
  const now = Date.now();
  // The newest running one is the current activity (the list comes newest first).
  const currentId = (activities.data ?? []).find((a) => isRunning(a, now))?.id ?? null;

  const openActivity = (activity: TActivity | 'new') =>
    open(
      activity,
      activity === 'new'
        ? { detailUrl: '/information', isActive: true }
        : {
            titles: activity.titles,
            detailUrl: activity.detailUrl,
            isActive: activity.isActive,
            schedule: toScheduleValue(activity.startsAt, activity.endsAt),
          },
    );
  const submit = async () => {
    const values = form.getFieldsValue();
    const body = parseFormValues(
      form,
      ZActivityRequest,
      {
        titles: compactTexts(values.titles),
        detailUrl: values.detailUrl?.trim() ?? '',
        ...fromScheduleValue(values.schedule),
        isActive: values.isActive ?? true,
      },
      t,
    );
    if (!body || editing === null) {
      return;
    }
    await saveWith(() => save.mutateAsync({ id: editing === 'new' ? null : editing.id, body }));
  };

  return (
    <>
      <CurationTable<TActivity>
        newLabel={t('catalog.newActivity')}
        onNew={() => openActivity('new')}
        query={activities}
        emptyText={t('catalog.noActivities')}
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
            render: (_, a) => <ScheduleText startsAt={a.startsAt} endsAt={a.endsAt} />,
          },
          {
            title: t('catalog.active'),
            dataIndex: 'isActive',
            width: 90,
            render: (isActive: boolean) => <ActiveTag isActive={isActive} />,
          },
          {
            title: t('common:table.actions'),
            key: 'actions',
            width: 100,
            render: (_, a) => (
              <Button size="small" onClick={() => openActivity(a)}>
                {t('common:actions.edit')}
              </Button>
            ),
          },
        ]}
      />
      <CurationDialog<TActivityForm>
        isOpen={editing !== null}
        title={editing === 'new' ? t('catalog.newActivity') : t('catalog.editActivity')}
        form={form}
        isSaving={save.isPending}
        width={640}
        onSave={submit}
        onCancel={close}
      >
        <LanguageFields name="titles" label={t('catalog.activityTitle')} max={80} />
        <Form.Item name="detailUrl" label={t('catalog.detailUrl')} extra={t('catalog.detailUrlHint')}>
          <Input maxLength={500} dir="ltr" />
        </Form.Item>
        <ScheduleField />
        <Form.Item name="isActive" label={t('catalog.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </CurationDialog>
    </>
  );
}
