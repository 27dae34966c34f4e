import { PAGE_SIZE } from '@caravan/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { useSearchGoods } from '../api/search-goods';
import { useSearchStores } from '../api/search-stores';
import '../catalog.css';
import { useLastPageCorrection, usePageParam } from '../../../lib/page-param';
import { EmptyState } from '../components/empty-state';
import { ListPager } from '../components/list-pager';
import { ProductGrid } from '../components/product-grid';
import { SearchHeading } from '../components/search-heading';
import { StoreList } from '../components/store-list';
import { buildSearchStorePath, parseKeywordParam } from '../lib/format';

const STORES_PREVIEW = 4;

/** /searchResult/:k: stores that match (first few) above the matching goods (paged). */
export default function SearchResultPage() {
  const { t } = useTranslation('catalog');
  const { k } = useParams();
  const keyword = parseKeywordParam(k).trim();
  const [page, setPage] = usePageParam();
  const goods = useSearchGoods(keyword, page);
  const isPastEnd = useLastPageCorrection(page, goods.data?.total, PAGE_SIZE.list, setPage);
  const stores = useSearchStores(keyword, 1);
  const storeList = (stores.data?.pageList ?? []).slice(0, STORES_PREVIEW);
  return (
    <PageFrame titleKey="routes.searchResult" titleTopic={keyword}>
      <SearchHeading keyword={keyword} current="all" />
      {storeList.length > 0 && (
        <section className="cv-section">
          <div className="cv-section__head">
            <h2 className="cv-section__title">{t('search.stores')}</h2>
            {(stores.data?.total ?? 0) > STORES_PREVIEW && (
              <Link to={buildSearchStorePath(keyword)}>
                {t('search.allStores', { count: stores.data?.total ?? 0 })}
              </Link>
            )}
          </div>
          <StoreList stores={storeList} />
        </section>
      )}
      <section className="cv-section">
        <div className="cv-section__head">
          <h2 className="cv-section__title">{t('search.goods')}</h2>
        </div>
        {keyword === '' ? (
          <EmptyState title={t('search.noKeyword')} actionLabel={t('empty.browseAll')} />
        ) : (
          <ProductGrid
            products={goods.data?.pageList}
            loadFailure={goods}
            isLoading={goods.isLoading || isPastEnd}
            isUpdating={goods.isPlaceholderData}
            empty={
              <EmptyState
                title={t('search.noGoods', { keyword })}
                text={t('search.noGoodsHint')}
                actionLabel={t('empty.browseAll')}
              />
            }
          />
        )}
        <ListPager page={page} pageSize={PAGE_SIZE.list} total={goods.data?.total ?? 0} onChange={setPage} />
      </section>
    </PageFrame>
  );
}
