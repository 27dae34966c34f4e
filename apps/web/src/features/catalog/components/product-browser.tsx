import type { TCategoryNode } from '@caravan/contracts';
import { PAGE_SIZE, PRODUCT_SORTS } from '@caravan/contracts/constants';
import { isMoneyString, parseMoney } from '@caravan/contracts/money';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCategories } from '../../../components/catalog/categories';
import { LightButton } from '../../../components/ui/light-button';
import { LightCheckbox, LightChoiceGroup } from '../../../components/ui/light-controls';
import { normaliseAmount } from '../../../lib/normalise-amount';
import { useProducts } from '../api/list-products';
import { readProductFilters } from '../lib/product-filters';
import '../catalog.css';
import { useLastPageCorrection, usePageParam } from '../../../lib/page-param';
import { ListPager } from './list-pager';
import { ProductGrid } from './product-grid';

type TCategoryOption = { value: string; label: string };

/** The tree as one list, each name indented by its depth (a native select shows no tree). */
function toCategoryOptions(nodes: TCategoryNode[], depth = 0): TCategoryOption[] {
  return nodes.flatMap((node) => [
    { value: node.id, label: `${'\u00a0\u00a0\u00a0'.repeat(depth)}${node.name}` },
    ...toCategoryOptions(node.children, depth + 1),
  ]);
}

/** A price box with its currency after the number (Ant Design's Input with a suffix). */
function PriceInput({
  label,
  value,
  onChange,
  onEnter,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onEnter: () => void;
}) {
  return (
    <span className="cv-input-wrap" style={{ width: 110 }}>
      <input
        className="cv-input-wrap__input"
        inputMode="decimal"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            onEnter();
          }
        }}
      />
      <span className="cv-input-wrap__prefix">USDT</span>
    </span>
  );
}

/**
 * All products with filters and sorts. Every filter lives in the URL query (c, min, max, d, sort, page), so Back
 * and shared links restore the same list.
 */
export function ProductBrowser({ isDiscountFixed = false }: { isDiscountFixed?: boolean }) {
  const { t, i18n } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const categories = useCategories();
  const filters = readProductFilters(params, isDiscountFixed);
  const { categoryId, minPrice, maxPrice, sort = 'newest', pageNum: page } = filters;
  const isDiscounted = filters.isDiscounted === true;
  const [priceDraft, setPriceDraft] = useState({ min: minPrice ?? '', max: maxPrice ?? '' });
  const [priceError, setPriceError] = useState('');
  const priceLabelId = useId();
  const sortLabelId = useId();

  useEffect(() => {
    setPriceDraft({ min: minPrice ?? '', max: maxPrice ?? '' });
  }, [minPrice, maxPrice]);

  const products = useProducts(filters);
  // A page past the end (/commodity?page=999) said "394 products" over "No products here yet", with no pager back.
  const [, setPage] = usePageParam();
  const isPastEnd = useLastPageCorrection(page, products.data?.total, PAGE_SIZE.list, setPage);

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
    const min = normaliseAmount(priceDraft.min, i18n.language);
    const max = normaliseAmount(priceDraft.max, i18n.language);
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
        <select
          className="cv-select"
          style={{ minWidth: 220, maxWidth: '100%' }}
          aria-label={t('filters.category')}
          value={categoryId ?? ''}
          onChange={(event) => update({ c: event.target.value || undefined })}
          aria-busy={categories.isLoading}
          data-testid="filter-category"
        >
          <option value="">{t('filters.allCategories')}</option>
          {categoryId && !categories.data && <option value={categoryId}>{categoryId}</option>}
          {toCategoryOptions(categories.data?.categories ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {/* The label and its two fields wrap as one: on a phone "Price" stayed beside the category with Min and
            Max alone on the next line (QA 2026-12-05). */}
        <fieldset className="cv-filter-group" aria-labelledby={priceLabelId} data-testid="filter-price">
          <span id={priceLabelId} className="cv-toolbar__label">
            {t('filters.price')}
          </span>
          <PriceInput
            label={t('filters.minPrice')}
            value={priceDraft.min}
            onChange={(min) => setPriceDraft((draft) => ({ ...draft, min }))}
            onEnter={applyPrice}
          />
          <span aria-hidden="true">–</span>
          <PriceInput
            label={t('filters.maxPrice')}
            value={priceDraft.max}
            onChange={(max) => setPriceDraft((draft) => ({ ...draft, max }))}
            onEnter={applyPrice}
          />
        </fieldset>
        <LightButton onClick={applyPrice}>{t('filters.apply')}</LightButton>
        {!isDiscountFixed && (
          <LightCheckbox
            checked={isDiscounted}
            onChange={(checked) => update({ d: checked ? '1' : undefined })}
          >
            {t('filters.onDiscount')}
          </LightCheckbox>
        )}
        {hasFilters && (
          <LightButton
            variant="link"
            onClick={() => setParams(new URLSearchParams(sort === 'newest' ? {} : { sort }))}
          >
            {t('filters.reset')}
          </LightButton>
        )}
        {priceError && (
          <span className="cv-field-error" role="alert" style={{ flexBasis: '100%' }}>
            {priceError}
          </span>
        )}
      </fieldset>
      <div className="cv-toolbar">
        {/* As Price: the choices wrap beside their label, which stayed alone above them on a phone. */}
        <fieldset
          className="cv-filter-group cv-filter-group--choices"
          aria-labelledby={sortLabelId}
          data-testid="filter-sort"
        >
          <span id={sortLabelId} className="cv-toolbar__label">
            {t('sort.label')}
          </span>
          <LightChoiceGroup
            name="sort"
            value={sort}
            onChange={(value) => update({ sort: value === 'newest' ? undefined : value })}
            options={PRODUCT_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
            aria-labelledby={sortLabelId}
          />
        </fieldset>
        {products.data && (
          <span className="cv-muted" aria-live="polite">
            {t('list.total', { count: products.data.total })}
          </span>
        )}
      </div>
      <ProductGrid
        cardHeadingLevel={2}
        products={products.data?.pageList}
        loadFailure={products}
        isLoading={products.isLoading || isPastEnd}
        isUpdating={products.isPlaceholderData}
      />
      <ListPager
        page={page}
        pageSize={PAGE_SIZE.list}
        total={products.data?.total ?? 0}
        onChange={(next) => update({ page: next > 1 ? String(next) : undefined })}
      />
    </>
  );
}
