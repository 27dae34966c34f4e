import {
  isMoneyString,
  PRODUCT_SORTS,
  parseMoney,
  type TCategoryNode,
  type TProductSort,
} from '@caravan/contracts';
import { PAGE_SIZE } from '@caravan/contracts/constants';
import { Button, Checkbox, Input, Radio, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCategories } from '../api/get-categories';
import { useProducts } from '../api/list-products';
import { readPageParam } from '../lib/format';
import '../catalog.css';
import { ListPager } from './list-pager';
import { ProductGrid } from './product-grid';

type TTreeOption = { value: string; title: string; children: TTreeOption[] };

function toTreeOptions(nodes: TCategoryNode[]): TTreeOption[] {
  return nodes.map((node) => ({ value: node.id, title: node.name, children: toTreeOptions(node.children) }));
}

function readSort(raw: string | null): TProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(raw ?? '') ? (raw as TProductSort) : 'newest';
}

function readPrice(raw: string | null): string | undefined {
  const value = raw?.trim() ?? '';
  return value !== '' && isMoneyString(value) && !value.startsWith('-') ? value : undefined;
}

/**
 * All products with filters and sorts. Every filter lives in the URL query (c, min, max, d, sort, page), so Back
 * and shared links restore the same list.
 */
export function ProductBrowser({ isDiscountFixed = false }: { isDiscountFixed?: boolean }) {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const categories = useCategories();
  const categoryId = params.get('c') ?? undefined;
  const minPrice = readPrice(params.get('min'));
  const maxPrice = readPrice(params.get('max'));
  const isDiscounted = isDiscountFixed || params.get('d') === '1';
  const sort = readSort(params.get('sort'));
  const page = readPageParam(params.get('page'));
  const [priceDraft, setPriceDraft] = useState({ min: minPrice ?? '', max: maxPrice ?? '' });
  const [priceError, setPriceError] = useState('');

  useEffect(() => {
    setPriceDraft({ min: minPrice ?? '', max: maxPrice ?? '' });
  }, [minPrice, maxPrice]);

  const products = useProducts({
    categoryId,
    minPrice,
    maxPrice,
    isDiscounted: isDiscounted || undefined,
    sort,
    pageNum: page,
    pageSize: PAGE_SIZE.list,
  });

  const update = (changes: Record<string, string | undefined>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') {
          next.delete(key);
        } else {
          next.set(key, value);
        }
      }
      if (!('page' in changes)) {
        next.delete('page');
      }
      return next;
    });
  };

  const applyPrice = () => {
    const min = priceDraft.min.trim();
    const max = priceDraft.max.trim();
    const isValid = (value: string) => value === '' || (isMoneyString(value) && !value.startsWith('-'));
    if (!isValid(min) || !isValid(max)) {
      setPriceError(t('filters.priceInvalid'));
      return;
    }
    if (min !== '' && max !== '' && parseMoney(min) > parseMoney(max)) {
      setPriceError(t('filters.priceOrder'));
      return;
    }
    setPriceError('');
    update({ min, max });
  };

  const hasFilters = Boolean(categoryId || minPrice || maxPrice || (!isDiscountFixed && isDiscounted));
  return (
    <>
      <fieldset className="cv-panel cv-toolbar">
        <legend className="cv-visually-hidden">{t('filters.label')}</legend>
        <TreeSelect
          style={{ minWidth: 220 }}
          aria-label={t('filters.category')}
          placeholder={t('filters.allCategories')}
          treeData={toTreeOptions(categories.data?.categories ?? [])}
          value={categoryId}
          onChange={(value: string | undefined) => update({ c: value })}
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          loading={categories.isLoading}
          data-testid="filter-category"
        />
        <span className="cv-toolbar__label">{t('filters.price')}</span>
        <Input
          style={{ width: 110 }}
          inputMode="decimal"
          aria-label={t('filters.minPrice')}
          placeholder={t('filters.minPrice')}
          value={priceDraft.min}
          onChange={(event) => setPriceDraft((draft) => ({ ...draft, min: event.target.value }))}
          onPressEnter={applyPrice}
          suffix="USDT"
        />
        <span aria-hidden="true">–</span>
        <Input
          style={{ width: 110 }}
          inputMode="decimal"
          aria-label={t('filters.maxPrice')}
          placeholder={t('filters.maxPrice')}
          value={priceDraft.max}
          onChange={(event) => setPriceDraft((draft) => ({ ...draft, max: event.target.value }))}
          onPressEnter={applyPrice}
          suffix="USDT"
        />
        <Button onClick={applyPrice}>{t('filters.apply')}</Button>
        {!isDiscountFixed && (
          <Checkbox
            checked={isDiscounted}
            onChange={(event) => update({ d: event.target.checked ? '1' : undefined })}
          >
            {t('filters.onDiscount')}
          </Checkbox>
        )}
        {hasFilters && (
          <Button
            type="link"
            onClick={() => setParams(new URLSearchParams(sort === 'newest' ? {} : { sort }))}
          >
            {t('filters.reset')}
          </Button>
        )}
        {priceError && (
          <span className="cv-field-error" role="alert" style={{ flexBasis: '100%' }}>
            {priceError}
          </span>
        )}
      </fieldset>
      <div className="cv-toolbar">
        <span className="cv-toolbar__label">{t('sort.label')}</span>
        <Radio.Group
          className="cv-wide-only"
          optionType="button"
          value={sort}
          onChange={(event) =>
            update({ sort: event.target.value === 'newest' ? undefined : event.target.value })
          }
          options={PRODUCT_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
          aria-label={t('sort.label')}
        />
        <Select
          className="cv-narrow-only"
          style={{ minWidth: 200 }}
          value={sort}
          onChange={(value: TProductSort) => update({ sort: value === 'newest' ? undefined : value })}
          options={PRODUCT_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
          aria-label={t('sort.label')}
        />
        {products.data && (
          <span className="cv-muted" aria-live="polite">
            {t('list.total', { count: products.data.total })}
          </span>
        )}
      </div>
      <ProductGrid products={products.data?.pageList} isLoading={products.isLoading} />
      <ListPager
        page={page}
        pageSize={PAGE_SIZE.list}
        total={products.data?.total ?? 0}
        onChange={(next) => update({ page: next > 1 ? String(next) : undefined })}
      />
    </>
  );
}
