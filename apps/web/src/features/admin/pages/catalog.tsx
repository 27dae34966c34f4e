import { DownOutlined } from '@ant-design/icons';
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
import { Button, Form, Input, Modal, Select, Space, Switch, Tabs, Tag, Tooltip, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { readAddress, useFilterInAddress } from '../../../components/console/filter-in-address';
import { compactTexts, LanguageFields, nameOf } from '../../../components/console/language-fields';
import { LoadError } from '../../../components/console/load-error';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { DataTable } from '../../../components/ui/data-table';
import { NumberInput } from '../../../components/ui/number-input';
import { PictureField, picturesRule, type TPictures } from '../../../components/ui/picture-field';
import { captureRemovalPlace, REMOVAL_LIST_PROPS } from '../../../components/ui/removal-focus';
import { toUploadItems, uploadedRefs } from '../../../components/ui/sortable-image-uploader';
import { parseFormValues } from '../../../lib/form';
import {
  useAdminBanners,
  useAdminCategories,
  useDeleteBanner,
  useDeleteCategory,
  useSaveBanner,
  useSaveCategory,
} from '../api/catalog-api';
import {
  ActiveTag,
  CurationDialog,
  CurationTable,
  fromScheduleValue,
  NewRecordBar,
  ScheduleField,
  ScheduleText,
  type TScheduleValue,
  toScheduleValue,
  useCurationEditor,
} from '../components/curation-editor';
import { ActivitiesTab } from './catalog-activities';
import { HomePinsTab } from './catalog-home-pins';

type TCategoryNode = TAdminCategory & { children?: TCategoryNode[] };

/** A category's icon in its form's picture field: the stored upload, or none. Its address is all the form needs. */
function iconPictures(icon: string): TPictures {
  return icon ? toUploadItems([{ url: icon, width: 0, height: 0, srcset: '' }]) : [];
}

/** The size of the icon thumbnail in the category table (none for a category without an icon). */
const ICON_THUMB_SIZE = 28;

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
  const { t, i18n } = useTranslation(['console', 'validation', 'common', 'errors']);
  const selectClear = useSelectClear();
  const categories = useAdminCategories();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [modal, modalHolder] = Modal.useModal();
  const {
    editing,
    form,
    open,
    close,
    save: saveWith,
  } = useCurationEditor<TAdminCategory, Record<string, unknown>>();
  const tree = useMemo(() => buildTree(categories.data ?? []), [categories.data]);
  const lang = i18n.language;

  const openCategory = (category: TAdminCategory | 'new') =>
    open(
      category,
      category === 'new'
        ? { icon: [] }
        : {
            names: category.names,
            parentId: category.parentId,
            icon: iconPictures(category.icon),
            sort: category.sort,
            isHidden: category.isHidden,
          },
    );
  const submit = async () => {
    // A new category has no Hidden switch: the create request refuses the field, even empty.
    const { isHidden, ...raw } = form.getFieldsValue() as Record<string, unknown>;
    // The languages left empty are not sent: their untouched inputs hold `undefined`, which the request refuses.
    const values = {
      ...raw,
      names: compactTexts(raw.names as Record<string, string> | undefined),
      parentId: raw.parentId ?? null,
      // The picture uploaded, or '' once it was removed: none.
      icon: uploadedRefs((raw.icon as TPictures | undefined) ?? [])[0] ?? '',
    };
    const body =
      editing === 'new'
        ? parseFormValues(form, ZCreateCategoryRequest, values, t)
        : parseFormValues(form, ZUpdateCategoryRequest, { ...values, isHidden }, t);
    if (!body || editing === null) {
      return;
    }
    await saveWith(() => save.mutateAsync({ id: editing === 'new' ? null : editing.id, body }));
  };
  const confirmDelete = (category: TAdminCategory) => {
    const removalPlace = captureRemovalPlace(document.activeElement);
    void modal.confirm({
      title: t('catalog.deleteCategoryTitle'),
      content: nameOf(category.names, lang),
      okText: t('common:actions.delete'),
      okButtonProps: { danger: true },
      // A destructive step starts on Cancel: Enter twice must not carry it out.
      focusable: { autoFocusButton: 'cancel' },
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        await remove.mutateAsync(category.id);
        removalPlace?.focusNeighbourOnceRemoved();
      },
    });
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
    return <LoadError onRetry={() => void categories.refetch()} />;
  }
  return (
    <>
      {modalHolder}
      <NewRecordBar label={t('catalog.newCategory')} onClick={() => openCategory('new')} />
      {/* A deleted category's Delete passes the focus on to its neighbour's (removal-focus.ts). */}
      <div {...REMOVAL_LIST_PROPS}>
        <DataTable<TCategoryNode>
          rowKey="id"
          size="small"
          loading={categories.isFetching}
          dataSource={tree}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          locale={{ emptyText: t('catalog.noCategories') }}
          scroll={{ x: 640 }}
          columns={[
            // The name first: the tree's indent and unfold button go in the first column.
            { title: t('catalog.name'), key: 'name', render: (_, c) => <bdi>{nameOf(c.names, lang)}</bdi> },
            {
              title: t('catalog.iconPicture'),
              key: 'icon',
              width: 64,
              render: (_, c) =>
                c.icon ? (
                  <img
                    src={c.icon}
                    alt=""
                    width={ICON_THUMB_SIZE}
                    height={ICON_THUMB_SIZE}
                    style={{ objectFit: 'contain', display: 'block' }}
                  />
                ) : null,
            },
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
              width: 180,
              render: (_, c) => (
                <Space>
                  <Button size="small" onClick={() => openCategory(c)}>
                    {t('common:actions.edit')}
                  </Button>
                  {/* Only an empty category goes: its subcategories and goods would be left without a place. */}
                  {c.children || c.productCount > 0 ? (
                    <Tooltip title={t('errors:CATEGORY_NOT_EMPTY')}>
                      <Button size="small" danger disabled>
                        {t('common:actions.delete')}
                      </Button>
                    </Tooltip>
                  ) : (
                    <Button size="small" danger data-removal-focus onClick={() => confirmDelete(c)}>
                      {t('common:actions.delete')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </div>
      <CurationDialog<Record<string, unknown>>
        isOpen={editing !== null}
        title={editing === 'new' ? t('catalog.newCategory') : t('catalog.editCategory')}
        form={form}
        isSaving={save.isPending}
        onSave={submit}
        onCancel={close}
      >
        <LanguageFields name="names" label={t('catalog.name')} max={64} />
        <Form.Item name="parentId" label={t('catalog.parent')} extra={t('catalog.parentHint')}>
          <TreeSelect
            allowClear={selectClear}
            suffixIcon={<DownOutlined aria-hidden />}
            treeDefaultExpandAll
            placeholder={t('catalog.topLevel')}
            treeData={treeOptions(tree, editing && editing !== 'new' ? editing.id : null) as never}
          />
        </Form.Item>
        <PictureField
          name="icon"
          label={t('catalog.iconPicture')}
          extra={t('catalog.iconHint')}
          rules={[picturesRule({ uploading: t('catalog.stillUploading') })]}
          max={1}
          moduleName="category"
          addText={t('catalog.upload')}
          failedText={t('catalog.uploadFailed')}
        />
        <Space wrap>
          <Form.Item name="sort" label={t('catalog.sort')}>
            <NumberInput />
          </Form.Item>
          {editing !== 'new' && (
            <Form.Item
              name="isHidden"
              label={t('catalog.hidden')}
              valuePropName="checked"
              extra={t('catalog.hiddenHint')}
            >
              <Switch />
            </Form.Item>
          )}
        </Space>
      </CurationDialog>
    </>
  );
}

type TBannerForm = {
  /** The picture's upload: named as the request names its reference, so the server's error about it shows here. */
  imageRef?: TPictures;
  titles?: Record<string, string>;
  subtitles?: Record<string, string>;
  languages?: TLanguage[];
  link?: string;
  sort?: number;
  isActive?: boolean;
  schedule?: TScheduleValue;
};

function BannersTab() {
  const { t, i18n } = useTranslation(['console', 'validation', 'common']);
  const selectClear = useSelectClear();
  const banners = useAdminBanners();
  const save = useSaveBanner();
  const remove = useDeleteBanner();
  const [modal, modalHolder] = Modal.useModal();
  const { editing, form, open, close, save: saveWith } = useCurationEditor<TAdminBanner, TBannerForm>();

  const openBanner = (banner: TAdminBanner | 'new') => {
    open(
      banner,
      banner === 'new'
        ? { imageRef: [], languages: [], link: '/commodity', sort: 0, isActive: true }
        : {
            imageRef: toUploadItems([banner.image]),
            titles: banner.titles,
            subtitles: banner.subtitles,
            languages: banner.languages as TLanguage[],
            link: banner.link,
            sort: banner.sort,
            isActive: banner.isActive,
            schedule: toScheduleValue(banner.startsAt, banner.endsAt),
          },
    );
  };
  const submit = async () => {
    const values = form.getFieldsValue();
    const pictures = values.imageRef ?? [];
    const body = parseFormValues(
      form,
      ZBannerRequest,
      {
        titles: compactTexts(values.titles),
        subtitles: compactTexts(values.subtitles),
        imageRef: uploadedRefs(pictures)[0] ?? '',
        languages: values.languages ?? [],
        link: values.link ?? '/commodity',
        sort: values.sort ?? 0,
        isActive: values.isActive ?? true,
        ...fromScheduleValue(values.schedule),
      },
      t,
    );
    if (!body || editing === null) {
      return;
    }
    await saveWith(() => save.mutateAsync({ id: editing === 'new' ? null : editing.id, body }));
  };
  const confirmDelete = (banner: TAdminBanner) => {
    const removalPlace = captureRemovalPlace(document.activeElement);
    void modal.confirm({
      title: t('catalog.deleteBannerTitle'),
      content: nameOf(banner.titles, i18n.language),
      okText: t('common:actions.delete'),
      okButtonProps: { danger: true },
      // A destructive step starts on Cancel: Enter twice must not carry it out.
      focusable: { autoFocusButton: 'cancel' },
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        await remove.mutateAsync(banner.id);
        removalPlace?.focusNeighbourOnceRemoved();
      },
    });
  };

  return (
    <>
      {modalHolder}
      <CurationTable<TAdminBanner>
        newLabel={t('catalog.newBanner')}
        onNew={() => openBanner('new')}
        query={banners}
        emptyText={t('catalog.noBanners')}
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
            render: (_, b) => <ScheduleText startsAt={b.startsAt} endsAt={b.endsAt} />,
          },
          { title: t('catalog.sort'), dataIndex: 'sort', width: 70 },
          {
            title: t('catalog.active'),
            dataIndex: 'isActive',
            width: 90,
            render: (isActive: boolean) => <ActiveTag isActive={isActive} />,
          },
          {
            title: t('common:table.actions'),
            key: 'actions',
            width: 160,
            render: (_, b) => (
              <Space>
                <Button size="small" onClick={() => openBanner(b)}>
                  {t('common:actions.edit')}
                </Button>
                <Button size="small" danger data-removal-focus onClick={() => confirmDelete(b)}>
                  {t('common:actions.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CurationDialog<TBannerForm>
        isOpen={editing !== null}
        title={editing === 'new' ? t('catalog.newBanner') : t('catalog.editBanner')}
        form={form}
        isSaving={save.isPending}
        width={640}
        onSave={submit}
        onCancel={close}
      >
        <PictureField
          name="imageRef"
          label={t('catalog.picture')}
          extra={t('catalog.pictureHint')}
          isRequired
          rules={[picturesRule({ uploading: t('catalog.stillUploading') })]}
          max={1}
          moduleName="banner"
          addText={t('catalog.upload')}
          failedText={t('catalog.uploadFailed')}
        />
        <Form.Item name="languages" label={t('catalog.languages')} extra={t('catalog.languagesHint')}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: ['label', 'value'] }}
            allowClear={selectClear}
            placeholder={t('catalog.allLanguages')}
            options={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
          />
        </Form.Item>
        <LanguageFields name="titles" label={t('catalog.bannerTitle')} max={80} />
        <Form.Item name="link" label={t('catalog.link')} extra={t('catalog.linkHint')}>
          <Input maxLength={200} dir="ltr" />
        </Form.Item>
        <ScheduleField />
        <Space wrap>
          <Form.Item name="sort" label={t('catalog.sort')}>
            <NumberInput />
          </Form.Item>
          <Form.Item name="isActive" label={t('catalog.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </CurationDialog>
    </>
  );
}

const CATALOG_TABS = ['categories', 'banners', 'home', 'activity'] as const;
type TCatalogTab = { tab: (typeof CATALOG_TABS)[number] };

const FIRST_CATALOG_TAB: TCatalogTab = { tab: 'categories' };
const ZCatalogTab = z.object({ tab: z.enum(CATALOG_TABS).default(FIRST_CATALOG_TAB.tab) });

/** The open tab as the address names it (`?tab=banners`), or null when it names none of them. */
function parseCatalogTab(params: Record<string, string>): TCatalogTab | null {
  return readAddress(ZCatalogTab, params);
}

/** Catalogue curation: categories, banners, home sections and the current activity (permission catalog.manage). */
export default function CatalogPage() {
  const { t } = useTranslation('console');
  // The open tab in the address: a reload or a shared link opened the categories again.
  const [{ tab }, setTab] = useFilterInAddress(FIRST_CATALOG_TAB, parseCatalogTab);
  return (
    <>
      <ConsolePageHead title={t('menu.catalog')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(() => ({ tab: key as TCatalogTab['tab'] }))}
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
