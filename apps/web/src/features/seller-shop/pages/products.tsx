import {
  SELLER_LIST_MAX_OFFSET,
  SELLER_PRODUCT_SORTS,
  SELLER_PRODUCT_STATES,
  type TCategoryNode,
  type TSellerProductRow,
  type TSellerProductSort,
  type TSellerProductState,
  ZSellerProductsQuery,
} from '@caravan/contracts';
import { Button, Dropdown, Image, Modal, Select, Space, Switch, Tag, Tooltip, TreeSelect } from 'antd';
import { type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router';
import { useCategories } from '../../../components/catalog/categories';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { useFilterInAddress } from '../../../components/console/filter-in-address';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { ListEmptyText } from '../../../components/ui/list-empty-text';
import { LoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { SearchInput } from '../../../components/ui/search-input';
import { withColon } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useIsNarrowerThan } from '../../../lib/use-is-narrower-than';
import { useBulkProducts, useSellerProducts } from '../api';
import { ImportDialog } from '../components/import-dialog';
import { ShopSuspendedNotice } from '../components/shop-suspended-notice';
import { StockDialog } from '../components/stock-dialog';
import ProductEditorPage from './product-editor';

const STATE_COLOURS: Record<TSellerProductState, string> = {
  onShelf: 'green',
  offShelf: 'default',
  takenDown: 'red',
};

export function toTreeData(
  nodes: TCategoryNode[],
  leavesOnly = false,
): {
  title: string;
  value: string;
  selectable: boolean;
  children: ReturnType<typeof toTreeData>;
}[] {
  return nodes.map((n) => ({
    title: n.name,
    value: n.id,
    selectable: !leavesOnly || n.children.length === 0,
    children: toTreeData(n.children, leavesOnly),
  }));
}

/**
 * Narrower than this (a phone), each product is one stacked cell: picture, name on up to two lines, then price,
 * stock, sales and state, then its buttons. Eight columns at 360 px left the name a few letters wide behind a
 * sideways scroll.
 */
const STACK_BELOW_WIDTH = 640;

/** The name in two lines at most; the whole name is its tooltip. */
const TWO_LINES: CSSProperties = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  overflowWrap: 'anywhere',
};

type TFilter = {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  categoryId?: string;
  state?: TSellerProductState;
  isLowStock?: boolean;
  sort: TSellerProductSort;
  /** Past the numbered pages: the page after this product (keyset), see SELLER_LIST_MAX_OFFSET. */
  after?: string;
};

const DEFAULT_FILTER = ZSellerProductsQuery.parse({});

/** The list's filter as the address gives it (useFilterInAddress), or null when it gives none that is valid. */
function parseProductFilter(params: Record<string, string>): TFilter | null {
  const parsed = ZSellerProductsQuery.safeParse(params);
  if (!parsed.success) {
    return null;
  }
  const query = parsed.data;
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    sort: query.sort,
    keyword: query.keyword || undefined,
    categoryId: query.categoryId,
    state: query.state,
    isLowStock: query.isLowStock || undefined,
    after: query.after,
  };
}

function ProductList() {
  const { t } = useTranslation(['seller', 'common']);
  const selectClear = useSelectClear();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [filter, setFilter] = useFilterInAddress(DEFAULT_FILTER, parseProductFilter);
  /** The search box's text, kept apart from the keyword searched so far (searched on Enter). */
  const [keywordText, setKeywordText] = useState(filter.keyword ?? '');
  const isFiltered = Boolean(filter.keyword || filter.categoryId || filter.state || filter.isLowStock);
  const clearFilters = () => {
    setKeywordText('');
    setFilter((f) => ({ pageNum: 1, pageSize: f.pageSize, sort: f.sort }));
  };
  // The ticked rows belong to the list they were ticked in: another search, filter, sort or page starts with none, or
  // a bulk Delete acted on products no longer in view (QA).
  const listKey = JSON.stringify(filter);
  const [selection, setSelection] = useState<{ listKey: string; ids: string[] }>({ listKey, ids: [] });
  const selected = selection.listKey === listKey ? selection.ids : [];
  const setSelected = (ids: string[]) => setSelection({ listKey, ids });
  const [stockFor, setStockFor] = useState<TSellerProductRow | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const list = useSellerProducts({ ...filter, isLowStock: filter.isLowStock ? 'true' : undefined });
  const isLastNumberedPage = filter.pageNum * filter.pageSize >= SELLER_LIST_MAX_OFFSET;
  const categories = useCategories();
  const bulk = useBulkProducts();
  const box = useRef<HTMLDivElement>(null);
  const isStacked = useIsNarrowerThan(box, STACK_BELOW_WIDTH);
  const nameLink = (row: TSellerProductRow, style?: CSSProperties) => (
    <a
      href={`/seller/products/${row.id}`}
      title={style ? row.name : undefined}
      style={style}
      onClick={(e) => {
        e.preventDefault();
        void navigate(`/seller/products/${row.id}`);
      }}
    >
      {row.name}
    </a>
  );
  const stateTag = (s: TSellerProductState, row: TSellerProductRow) =>
    s === 'takenDown' ? (
      <Tooltip title={row.takenDownReason}>
        <Space orientation="vertical" size={0}>
          <Tag color="red">{t('products.state.takenDown')}</Tag>
          <small>{row.takenDownReason}</small>
        </Space>
      </Tooltip>
    ) : (
      <Tag color={STATE_COLOURS[s]}>{t(`products.state.${s}`)}</Tag>
    );
  const rowActions = (row: TSellerProductRow) => (
    <Space wrap>
      <Button size="small" onClick={() => void navigate(`/seller/products/${row.id}`)}>
        {t('common:actions.edit')}
      </Button>
      <Button size="small" onClick={() => setStockFor(row)}>
        {t('products.adjustStock')}
      </Button>
    </Space>
  );
  const stockText = (row: TSellerProductRow) =>
    row.isLowStock ? <Tag color="orange">{row.stock}</Tag> : row.stock;
  const image = (img: TSellerProductRow['image'], row: TSellerProductRow) =>
    img ? <Image src={img.url} width={48} height={48} alt={row.name} preview={false} /> : null;
  const runBulk = (action: 'onShelf' | 'offShelf' | 'delete') => {
    void modal.confirm({
      title: t(`products.bulk.${action}Title`, { count: selected.length }),
      content: action === 'delete' ? t('products.bulk.deleteBody') : undefined,
      okButtonProps: { danger: action === 'delete' },
      // A destructive step starts on Cancel: Enter twice must not carry it out.
      focusable: { autoFocusButton: 'cancel' },
      okText: t('common:actions.confirm'),
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        const done = await bulk.mutateAsync({ ids: selected, action }).then(
          () => true,
          () => false,
        );
        if (done) {
          setSelected([]);
          toast.success(t('common:success.operationSucceeded'));
        }
      },
    });
  };
  const exportFile = (format: 'csv' | 'xlsx') => {
    window.location.assign(`/api/v1/seller/products/export?format=${format}`);
  };
  return (
    <>
      {modalHolder}
      <ConsolePageHead
        title={t('menu.products')}
        extra={
          <Space wrap>
            <Dropdown
              menu={{
                items: [
                  { key: 'csv', label: t('products.exportCsv'), onClick: () => exportFile('csv') },
                  { key: 'xlsx', label: t('products.exportXlsx'), onClick: () => exportFile('xlsx') },
                ],
              }}
            >
              <Button>{t('products.export')}</Button>
            </Dropdown>
            <Button onClick={() => setIsImportOpen(true)}>{t('products.import')}</Button>
            <Button type="primary" onClick={() => void navigate('/seller/products/new')}>
              {t('products.create')}
            </Button>
          </Space>
        }
      />
      <ShopSuspendedNotice />
      <Space wrap className="cv-console__filters">
        <SearchInput
          allowClear
          aria-label={t('products.keyword')}
          placeholder={t('products.keyword')}
          style={{ width: 240 }}
          value={keywordText}
          onChange={(event) => setKeywordText(event.target.value)}
          onSearch={(v) =>
            setFilter((f) => ({ ...f, pageNum: 1, after: undefined, keyword: v.trim() || undefined }))
          }
        />
        <TreeSelect
          allowClear={selectClear}
          aria-label={t('products.category')}
          placeholder={t('products.category')}
          style={{ width: 200 }}
          treeData={toTreeData(categories.data?.categories ?? [])}
          value={filter.categoryId}
          onChange={(categoryId?: string) =>
            setFilter((f) => ({ ...f, pageNum: 1, after: undefined, categoryId }))
          }
        />
        <Select<TSellerProductState>
          allowClear={selectClear}
          aria-label={t('products.stateLabel')}
          placeholder={t('products.stateLabel')}
          style={{ width: 160 }}
          value={filter.state}
          onChange={(state) => setFilter((f) => ({ ...f, pageNum: 1, after: undefined, state }))}
          options={SELLER_PRODUCT_STATES.map((s) => ({ value: s, label: t(`products.state.${s}`) }))}
        />
        <Select<TSellerProductSort>
          aria-label={t('products.sort')}
          style={{ width: 180 }}
          value={filter.sort}
          onChange={(sort) => setFilter((f) => ({ ...f, pageNum: 1, after: undefined, sort }))}
          options={SELLER_PRODUCT_SORTS.map((s) => ({ value: s, label: t(`products.sorts.${s}`) }))}
        />
        <Space>
          <Switch
            aria-label={t('products.lowStockOnly')}
            checked={filter.isLowStock === true}
            onChange={(isLowStock) => setFilter((f) => ({ ...f, pageNum: 1, after: undefined, isLowStock }))}
          />
          <span>{t('products.lowStockOnly')}</span>
        </Space>
      </Space>
      {selected.length > 0 ? (
        <Space wrap style={{ marginBlockEnd: 12 }}>
          <span>{t('products.selected', { count: selected.length })}</span>
          <Button size="small" onClick={() => runBulk('onShelf')}>
            {t('products.bulk.onShelf')}
          </Button>
          <Button size="small" onClick={() => runBulk('offShelf')}>
            {t('products.bulk.offShelf')}
          </Button>
          <Button size="small" danger onClick={() => runBulk('delete')}>
            {t('common:actions.delete')}
          </Button>
        </Space>
      ) : null}
      {list.isError ? <LoadError onRetry={() => void list.refetch()} /> : null}
      <div ref={box}>
        <DataTable<TSellerProductRow>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.pageList ?? []}
          scroll={isStacked ? undefined : { x: 900 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            // Ant Design names each box "Select row 3", in English whatever the language.
            getCheckboxProps: (row) => ({ 'aria-label': t('common:table.selectRow', { name: row.name }) }),
          }}
          locale={{
            emptyText: (
              <ListEmptyText
                isFiltered={isFiltered}
                empty={t('products.empty')}
                onClearFilters={clearFilters}
              />
            ),
          }}
          pagination={
            filter.after
              ? false
              : {
                  current: filter.pageNum,
                  pageSize: filter.pageSize,
                  // Page numbers stop at SELLER_LIST_MAX_OFFSET products ("Next" goes on from there), and a large
                  // shop's count stops a window past the current page: "220+" then.
                  total: Math.min(list.data?.total ?? 0, SELLER_LIST_MAX_OFFSET),
                  // The size changer and the total beside the pages do not fit a phone's row.
                  showSizeChanger: !isStacked,
                  size: isStacked ? 'small' : undefined,
                  showTotal: () =>
                    t('common:table.total', {
                      total:
                        list.data?.isTotalExact === false ? `${list.data.total}+` : (list.data?.total ?? 0),
                    }),
                  onChange: (pageNum, pageSize) => setFilter((f) => ({ ...f, pageNum, pageSize })),
                }
          }
          columns={
            isStacked
              ? [
                  {
                    title: t('products.name'),
                    key: 'product',
                    render: (_, row) => (
                      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start', minWidth: 0 }}>
                        {image(row.image, row)}
                        <Space orientation="vertical" size={4} style={{ minWidth: 0, flex: 1 }}>
                          {nameLink(row, TWO_LINES)}
                          {row.code ? <small dir="ltr">{row.code}</small> : null}
                          <Space wrap size={[12, 4]}>
                            <MoneyText value={row.price} isPrice />
                            <span>
                              {withColon(t('products.stock'))} {stockText(row)}
                            </span>
                            <span>
                              {withColon(t('products.sold'))} {row.soldCount}
                            </span>
                            {stateTag(row.state, row)}
                          </Space>
                          {rowActions(row)}
                        </Space>
                      </div>
                    ),
                  },
                ]
              : [
                  {
                    title: t('products.image'),
                    dataIndex: 'image',
                    width: 72,
                    render: image,
                  },
                  {
                    title: t('products.name'),
                    dataIndex: 'name',
                    // A long word of a name (a Russian or German compound) breaks inside: unbroken it widened the
                    // column and pushed the state and the date under the pinned actions (QA, 1280 px).
                    width: 240,
                    className: 'cv-table-name',
                    render: (_: string, row) => (
                      <Space orientation="vertical" size={0}>
                        {nameLink(row)}
                        {row.code ? <small dir="ltr">{row.code}</small> : null}
                      </Space>
                    ),
                  },
                  {
                    title: t('products.price'),
                    dataIndex: 'price',
                    align: 'end',
                    render: (v: string) => <MoneyText value={v} isPrice />,
                  },
                  {
                    title: t('products.stock'),
                    dataIndex: 'stock',
                    align: 'end',
                    render: (_: number, row) => stockText(row),
                  },
                  { title: t('products.sold'), dataIndex: 'soldCount', align: 'end' },
                  { title: t('products.stateLabel'), dataIndex: 'state', render: stateTag },
                  { title: t('products.updatedAt'), dataIndex: 'updatedAt', render: dateTimeCell },
                  {
                    title: t('common:table.actions'),
                    key: 'actions',
                    fixed: 'right',
                    render: (_, row) => rowActions(row),
                  },
                ]
          }
        />
      </div>
      {filter.after || isLastNumberedPage ? (
        <Space style={{ marginBlockStart: 12 }}>
          {filter.after ? (
            <Button onClick={() => setFilter((f) => ({ ...f, pageNum: 1, after: undefined }))}>
              {t('products.firstPage')}
            </Button>
          ) : null}
          <Button
            disabled={!list.data?.nextCursor}
            onClick={() => setFilter((f) => ({ ...f, after: list.data?.nextCursor ?? undefined }))}
          >
            {t('products.nextPage')}
          </Button>
        </Space>
      ) : null}
      <StockDialog product={stockFor} onClose={() => setStockFor(null)} />
      <ImportDialog isOpen={isImportOpen} onClose={() => setIsImportOpen(false)} />
    </>
  );
}

/** /seller/products, /seller/products/new and /seller/products/:id. */
export default function SellerProductsPage() {
  return (
    <Routes>
      <Route index element={<ProductList />} />
      <Route path="new" element={<ProductEditorPage />} />
      <Route path=":id" element={<ProductEditorPage />} />
    </Routes>
  );
}
