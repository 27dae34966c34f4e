import {
  LANGUAGE_NAMES,
  LANGUAGES,
  type TAdminBanner,
  type TAdminCategory,
  type TLanguage,
  ZBannerRequest,
  ZCreateCategoryRequest,
  ZUpdateCategoryRequest,
} from '@caravan/contracts';
import {
  Alert,
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  TreeSelect,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import {
  isUploading,
  SortableImageUploader,
  type TUploadItem,
  toUploadItems,
  uploadedRefs,
} from '../../../components/ui/sortable-image-uploader';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import {
  useAdminBanners,
  useAdminCategories,
  useDeleteBanner,
  useSaveBanner,
  useSaveCategory,
} from '../api/catalog-api';
import { compactTexts, LanguageFields, nameOf } from '../components/language-fields';
import { ActivitiesTab } from './catalog-activities';
import { HomePinsTab } from './catalog-home-pins';

type TCategoryNode = TAdminCategory & { children?: TCategoryNode[] };

function buildTree(rows: TAdminCategory[]): TCategoryNode[] {
  const byParent = new Map<string | null, TAdminCategory[]>();
  for (const row of rows) {
    byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  }
  const grow = (parentId: string | null): TCategoryNode[] =>
    (byParent.get(parentId) ?? []).map((row) => {
      const children = grow(row.id);
      return children.length > 0 ? { ...row, children } : { ...row };
    });
  return grow(null);
}

function CategoriesTab() {
  const { t, i18n } = useTranslation(['console', 'validation', 'common']);
  const categories = useAdminCategories();
  const save = useSaveCategory();
  const [editing, setEditing] = useState<TAdminCategory | 'new' | null>(null);
  const [form] = Form.useForm();
  const tree = useMemo(() => buildTree(categories.data ?? []), [categories.data]);
  const lang = i18n.language;

  const open = (category: TAdminCategory | 'new') => {
    form.resetFields();
    if (category !== 'new') {
      form.setFieldsValue({
        names: category.names,
        parentId: category.parentId,
        icon: category.icon,
        sort: category.sort,
        isHidden: category.isHidden,
      });
    }
    setEditing(category);
  };
  const submit = async () => {
    const raw = form.getFieldsValue() as Record<string, unknown>;
    const values = { ...raw, parentId: raw.parentId ?? null };
    const schema = editing === 'new' ? ZCreateCategoryRequest.omit({}) : ZUpdateCategoryRequest;
    const body =
      editing === 'new'
        ? parseFormValues(form, ZCreateCategoryRequest, { ...values, isHidden: undefined }, t)
        : parseFormValues(form, schema, values, t);
    if (!body || editing === null) {
      return;
    }
    const { isHidden: _unused, ...createBody } = body as Record<string, unknown>;
    try {
      await save.mutateAsync({
        id: editing === 'new' ? null : editing.id,
        body: (editing === 'new' ? createBody : body) as never,
      });
      toast.success(t('common:success.operationSucceeded'));
      setEditing(null);
    } catch (error) {
      showSubmitError(form, error, t);
    }
  };
  const treeOptions = (nodes: TCategoryNode[], excluded: string | null): unknown[] =>
    nodes
      .filter((n) => n.id !== excluded)
      .map((n) => ({
        value: n.id,
        title: nameOf(n.names, lang),
        children: n.children ? treeOptions(n.children, excluded) : [],
      }));

  if (categories.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('common:errors.generic')}
        action={
          <Button size="small" onClick={() => void categories.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <Space className="cv-console__filters">
        <Button type="primary" onClick={() => open('new')}>
          {t('catalog.newCategory')}
        </Button>
      </Space>
      <Table<TCategoryNode>
        rowKey="id"
        size="small"
        loading={categories.isFetching}
        dataSource={tree}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: t('catalog.noCategories') }}
        scroll={{ x: 640 }}
        columns={[
          { title: t('catalog.name'), key: 'name', render: (_, c) => <bdi>{nameOf(c.names, lang)}</bdi> },
          { title: t('catalog.sort'), dataIndex: 'sort', width: 80 },
          { title: t('catalog.products'), dataIndex: 'productCount', width: 100 },
          {
            title: t('catalog.visibility'),
            dataIndex: 'isHidden',
            width: 110,
            render: (isHidden: boolean) =>
              isHidden ? (
                <Tag color="default">{t('catalog.hidden')}</Tag>
              ) : (
                <Tag color="green">{t('catalog.shown')}</Tag>
              ),
          },
          {
            title: t('common:table.actions'),
            key: 'actions',
            width: 100,
            render: (_, c) => (
              <Button size="small" onClick={() => open(c)}>
                {t('common:actions.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('catalog.newCategory') : t('catalog.editCategory')}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={save.isPending}
        onOk={submit}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <LanguageFields name="names" label={t('catalog.name')} max={64} />
          <Form.Item name="parentId" label={t('catalog.parent')} extra={t('catalog.parentHint')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              placeholder={t('catalog.topLevel')}
              treeData={treeOptions(tree, editing && editing !== 'new' ? editing.id : null) as never}
            />
          </Form.Item>
          <Space wrap>
            <Form.Item name="sort" label={t('catalog.sort')}>
              <InputNumber min={0} max={1_000_000} />
            </Form.Item>
            <Form.Item name="icon" label={t('catalog.icon')}>
              <Input maxLength={32} dir="ltr" />
            </Form.Item>
            {editing !== 'new' && (
              <Form.Item name="isHidden" label={t('catalog.hidden')} valuePropName="checked">
                <Switch />
              </Form.Item>
            )}
          </Space>
        </Form>
      </Modal>
    </>
  );
}

type TBannerForm = {
  titles?: Record<string, string>;
  subtitles?: Record<string, string>;
  languages?: TLanguage[];
  link?: string;
  sort?: number;
  isActive?: boolean;
  schedule?: [Dayjs | null, Dayjs | null] | null;
};

function BannersTab() {
  const { t, i18n } = useTranslation(['console', 'validation', 'common']);
  const banners = useAdminBanners();
  const save = useSaveBanner();
  const remove = useDeleteBanner();
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<TAdminBanner | 'new' | null>(null);
  const [files, setFiles] = useState<TUploadItem[]>([]);
  const [form] = Form.useForm<TBannerForm>();

  const open = (banner: TAdminBanner | 'new') => {
    form.resetFields();
    if (banner === 'new') {
      setFiles([]);
      form.setFieldsValue({ languages: [], link: '/commodity', sort: 0, isActive: true });
    } else {
      setFiles(toUploadItems([banner.image]));
      form.setFieldsValue({
        titles: banner.titles,
        subtitles: banner.subtitles,
        languages: banner.languages as TLanguage[],
        link: banner.link,
        sort: banner.sort,
        isActive: banner.isActive,
        schedule: [
          banner.startsAt ? dayjs(banner.startsAt) : null,
          banner.endsAt ? dayjs(banner.endsAt) : null,
        ],
      });
    }
    setEditing(banner);
  };
  const submit = async () => {
    if (isUploading(files)) {
      toast.warning(t('catalog.stillUploading'));
      return;
    }
    const values = form.getFieldsValue();
    const body = parseFormValues(
      form,
      ZBannerRequest,
      {
        titles: compactTexts(values.titles),
        subtitles: compactTexts(values.subtitles),
        imageRef: uploadedRefs(files)[0] ?? '',
        languages: values.languages ?? [],
        link: values.link ?? '/commodity',
        sort: values.sort ?? 0,
        isActive: values.isActive ?? true,
        startsAt: values.schedule?.[0]?.toISOString() ?? null,
        endsAt: values.schedule?.[1]?.toISOString() ?? null,
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
  const confirmDelete = (banner: TAdminBanner) => {
    void modal.confirm({
      title: t('catalog.deleteBannerTitle'),
      content: nameOf(banner.titles, i18n.language),
      okText: t('common:actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () => remove.mutateAsync(banner.id),
    });
  };

  return (
    <>
      {modalHolder}
      <Space className="cv-console__filters">
        <Button type="primary" onClick={() => open('new')}>
          {t('catalog.newBanner')}
        </Button>
      </Space>
      {banners.isError && <Alert type="error" showIcon title={t('common:errors.generic')} />}
      <Table<TAdminBanner>
        rowKey="id"
        size="small"
        loading={banners.isFetching}
        dataSource={banners.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('catalog.noBanners') }}
        scroll={{ x: 760 }}
        columns={[
          {
            title: t('catalog.picture'),
            key: 'image',
            width: 140,
            render: (_, b) => (
              <img src={b.image.url} alt="" width={120} height={38} style={{ objectFit: 'cover' }} />
            ),
          },
          {
            title: t('catalog.bannerTitle'),
            key: 'title',
            render: (_, b) => <bdi>{nameOf(b.titles, i18n.language)}</bdi>,
          },
          {
            title: t('catalog.languages'),
            dataIndex: 'languages',
            render: (languages: string[]) =>
              languages.length === 0
                ? t('catalog.allLanguages')
                : languages.map((l) => <Tag key={l}>{LANGUAGE_NAMES[l as TLanguage] ?? l}</Tag>),
          },
          {
            title: t('catalog.schedule'),
            key: 'schedule',
            render: (_, b) => (
              <bdi dir="ltr">{`${formatDateTime(b.startsAt)} – ${formatDateTime(b.endsAt)}`}</bdi>
            ),
          },
          { title: t('catalog.sort'), dataIndex: 'sort', width: 70 },
          {
            title: t('common:table.actions'),
            key: 'actions',
            width: 160,
            render: (_, b) => (
              <Space>
                <Button size="small" onClick={() => open(b)}>
                  {t('common:actions.edit')}
                </Button>
                <Button size="small" danger onClick={() => confirmDelete(b)}>
                  {t('common:actions.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('catalog.newBanner') : t('catalog.editBanner')}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={save.isPending}
        onOk={submit}
        onCancel={() => setEditing(null)}
        width={640}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item label={t('catalog.picture')} extra={t('catalog.pictureHint')}>
            <SortableImageUploader
              files={files}
              onChange={setFiles}
              max={1}
              moduleName="banner"
              label={t('catalog.picture')}
              addText={t('catalog.upload')}
              failedText={t('catalog.uploadFailed')}
            />
          </Form.Item>
          <Form.Item name="languages" label={t('catalog.languages')} extra={t('catalog.languagesHint')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('catalog.allLanguages')}
              options={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
            />
          </Form.Item>
          <LanguageFields name="titles" label={t('catalog.bannerTitle')} max={80} />
          <Form.Item name="link" label={t('catalog.link')} extra={t('catalog.linkHint')}>
            <Input maxLength={200} dir="ltr" />
          </Form.Item>
          <Form.Item name="schedule" label={t('catalog.schedule')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="sort" label={t('catalog.sort')}>
              <InputNumber min={0} max={1_000_000} />
            </Form.Item>
            <Form.Item name="isActive" label={t('catalog.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </>
  );
}

/** Catalogue curation: categories, banners, home sections and the current activity (permission catalog.manage). */
export default function CatalogPage() {
  const { t } = useTranslation('console');
  return (
    <>
      <ConsolePageHead title={t('menu.catalog')} />
      <Tabs
        items={[
          { key: 'categories', label: t('catalog.categories'), children: <CategoriesTab /> },
          { key: 'banners', label: t('catalog.banners'), children: <BannersTab /> },
          { key: 'home', label: t('catalog.homeSections'), children: <HomePinsTab /> },
          { key: 'activity', label: t('catalog.activities'), children: <ActivitiesTab /> },
        ]}
      />
    </>
  );
}
