import {
  MERCHANT_APPLICATION_FILTERS,
  MERCHANT_APPLICATION_SORTS,
  MODERATION_REASON_MAX,
  type TAdminMerchantApplication,
  type TMerchantApplicationFilter,
  type TMerchantApplicationSort,
  type TMerchantApplicationStatus,
  ZAdminMerchantApplicationsQuery,
} from '@caravan/contracts';
import { Button, Descriptions, Image, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryNames, useCategories } from '../../../components/catalog/categories';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { readAddress, useFilterInAddress } from '../../../components/console/filter-in-address';
import { LoadError } from '../../../components/console/load-error';
import { ReasonModal } from '../../../components/console/reason-modal';
import { useServerPaging } from '../../../components/console/server-paging';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { EndDrawer } from '../../../components/ui/end-drawer';
import { usePicturePreview } from '../../../components/ui/picture-preview';
import { sortingInAddress, type TTableSort } from '../../../components/ui/table-sort';
import { useCountryName } from '../../../lib/country-name';
import { toast } from '../../../lib/toast';
import { staffMerchantDocumentUrl, useApplications, useStaffAction } from '../api';

const COLOURS: Record<TMerchantApplicationStatus, string> = {
  submitted: 'blue',
  reviewing: 'gold',
  approved: 'green',
  rejected: 'red',
};

type TApplicationsQuery = {
  pageNum: number;
  pageSize: number;
  status?: TMerchantApplicationFilter;
} & TTableSort<TMerchantApplicationSort>;

const DEFAULT_APPLICATIONS_QUERY: TApplicationsQuery = { pageNum: 1, pageSize: 20, status: 'waiting' };

/**
 * The queue's page and status as the address gives them: no status is the default (waiting), an empty one every
 * status. Null when the server would refuse one of them.
 */
function parseApplicationsQuery(params: Record<string, string>): TApplicationsQuery | null {
  const query = readAddress(ZAdminMerchantApplicationsQuery, params);
  return (
    query && {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      status: params.status === undefined ? DEFAULT_APPLICATIONS_QUERY.status : query.status,
      sort: query.sort,
      order: query.order,
    }
  );
}

/** /admin/merchant-applications: the queue with the documents; approve or reject with a reason. */
export default function MerchantApplicationsPage() {
  const { t } = useTranslation(['seller', 'common']);
  const selectClear = useSelectClear();
  const picturePreview = usePicturePreview();
  const paging = useServerPaging();
  const countryName = useCountryName();
  const categories = useCategories();
  const [modal, modalHolder] = Modal.useModal();
  // Page and status in the address: a reload sent the reviewer back to page 1 of the waiting applications.
  const [query, setQuery] = useFilterInAddress(DEFAULT_APPLICATIONS_QUERY, parseApplicationsQuery);
  const list = useApplications(query);
  const action = useStaffAction();
  const [open, setOpen] = useState<TAdminMerchantApplication | null>(null);
  const [rejecting, setRejecting] = useState<TAdminMerchantApplication | null>(null);
  const run = async (path: string, body?: unknown) => {
    await action.mutateAsync({ path, body });
    toast.success(t('common:success.operationSucceeded'));
    setOpen(null);
    setRejecting(null);
  };
  const base = (a: TAdminMerchantApplication) => `/admin/merchant-applications/${a.id}`;
  const isOpenable = (a: TAdminMerchantApplication) => a.status === 'submitted' || a.status === 'reviewing';
  const view = (a: TAdminMerchantApplication) => {
    setOpen(a);
    if (a.status === 'submitted') {
      void action.mutateAsync({ path: `${base(a)}/review` }).catch(() => undefined);
    }
  };
  return (
    <>
      {modalHolder}
      <ConsolePageHead title={t('admin.applications')} />
      <Space wrap className="cv-console__filters">
        <Select<TMerchantApplicationFilter>
          allowClear={selectClear}
          aria-label={t('admin.status')}
          placeholder={t('admin.status')}
          style={{ width: 200 }}
          value={query.status}
          onChange={(status) => setQuery((q) => ({ ...q, pageNum: 1, status }))}
          options={MERCHANT_APPLICATION_FILTERS.map((s) => ({ value: s, label: t(`apply.status.${s}`) }))}
        />
      </Space>
      {list.isError && <LoadError onRetry={() => void list.refetch()} />}
      <DataTable<TAdminMerchantApplication>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.pageList ?? []}
        scroll={{ x: 800 }}
        locale={{ emptyText: t('admin.noApplications') }}
        sorting={sortingInAddress(MERCHANT_APPLICATION_SORTS, query, setQuery)}
        pagination={paging(query, list.data?.total, (pageNum, pageSize) =>
          setQuery((q) => ({ ...q, pageNum, pageSize })),
        )}
        columns={[
          {
            title: t('apply.shopName'),
            dataIndex: 'shopName',
            // A 60-letter name of one word wraps inside the column instead of clipping it.
            className: 'cv-table-name',
            render: (name: string) => <bdi>{name}</bdi>,
          },
          { title: t('admin.applicant'), dataIndex: 'username', render: (name: string) => <bdi>{name}</bdi> },
          { title: t('apply.country'), dataIndex: 'country', render: (code: string) => countryName(code) },
          {
            title: t('admin.status'),
            dataIndex: 'status',
            render: (s: TMerchantApplicationStatus) => <Tag color={COLOURS[s]}>{t(`apply.status.${s}`)}</Tag>,
          },
          { title: t('admin.submittedAt'), dataIndex: 'submittedAt', render: dateTimeCell },
          {
            title: t('common:table.actions'),
            key: 'actions',
            render: (_, a) => (
              <Button size="small" onClick={() => view(a)}>
                {t('admin.open')}
              </Button>
            ),
          },
        ]}
      />
      <EndDrawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? <bdi>{open.shopName}</bdi> : null}
        size="large"
        extra={
          open && isOpenable(open) ? (
            <Space>
              <Button danger onClick={() => setRejecting(open)}>
                {t('admin.reject')}
              </Button>
              <Button
                type="primary"
                loading={action.isPending}
                onClick={() =>
                  void modal.confirm({
                    title: t('admin.approveTitle', { name: open.shopName }),
                    okText: t('admin.approve'),
                    cancelText: t('common:actions.cancel'),
                    onOk: () => run(`${base(open)}/approve`).catch(() => undefined),
                  })
                }
              >
                {t('admin.approve')}
              </Button>
            </Space>
          ) : null
        }
      >
        {open ? (
          <>
            {/* What the applicant typed keeps its own direction: an English description in the Arabic console showed
                its full stop first. Phone numbers and e-mail addresses read left to right in every language. */}
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('admin.applicant')}>
                <bdi>{open.username}</bdi>
              </Descriptions.Item>
              <Descriptions.Item label={t('apply.email')}>
                <bdi dir="ltr">{open.contactEmail}</bdi>
              </Descriptions.Item>
              <Descriptions.Item label={t('apply.phone')}>
                <bdi dir="ltr">{open.contactPhone}</bdi>
              </Descriptions.Item>
              <Descriptions.Item label={t('apply.country')}>{countryName(open.country)}</Descriptions.Item>
              {/* What the shop will sell, which the reviewer approves along with it. */}
              <Descriptions.Item label={t('common:routes.classification')}>
                {categoryNames(categories.data?.categories ?? [], open.categoryIds).join(', ') || '--'}
              </Descriptions.Item>
              <Descriptions.Item label={t('apply.description')}>
                {open.description ? <bdi>{open.description}</bdi> : '--'}
              </Descriptions.Item>
              {open.rejectReason ? (
                <Descriptions.Item label={t('apply.rejectedBecause')}>
                  <bdi>{open.rejectReason}</bdi>
                </Descriptions.Item>
              ) : null}
            </Descriptions>
            {/* The logo apart from the documents: shown among them it read as an identity document. */}
            {open.logo ? (
              <>
                <h3 style={{ marginBlock: 16 }}>{t('apply.logo')}</h3>
                <Image
                  src={open.logo.url}
                  width={96}
                  alt={t('apply.logo')}
                  preview={picturePreview}
                  data-testid="application-logo"
                />
              </>
            ) : null}
            <h3 style={{ marginBlock: 16 }}>{t('apply.documents')}</h3>
            {/* Private documents from the staff route (merchants.review, never cached); an application sent before
                they were private still shows its public pictures (docs/decisions.md). */}
            <Image.PreviewGroup preview={picturePreview}>
              <Space wrap data-testid="application-documents">
                {[
                  ...open.documents.map((document) => ({
                    key: document.id,
                    src: staffMerchantDocumentUrl(document.id),
                  })),
                  ...open.legacyDocuments.map((img) => ({ key: img.url, src: img.url })),
                ].map((picture, index) => (
                  <Image
                    key={picture.key}
                    src={picture.src}
                    width={140}
                    alt={`${t('apply.documents')} ${index + 1}`}
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          </>
        ) : null}
      </EndDrawer>
      <ReasonModal
        label={t('admin.reason')}
        maxLength={MODERATION_REASON_MAX}
        title={rejecting ? t('admin.rejectTitle', { name: rejecting.shopName }) : null}
        isBusy={action.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => run(`${base(rejecting!)}/reject`, { reason }).catch(() => undefined)}
      />
    </>
  );
}
