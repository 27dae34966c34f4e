import { PAGE_SIZE } from '@caravan/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { useSearchGoods } from '../api/search-goods';
import '../catalog.css';
import { useLastPageCorrection, usePageParam } from '../../../lib/page-param';
import { EmptyState } from '../components/empty-state';
import { ListPager } from '../components/list-pager';
import { ProductGrid } from '../components/product-grid';
import { SearchHeading } from '../components/search-heading';
import { buildSearchStorePath, parseKeywordParam } from '../lib/format';

export default function SearchGoodsPage() {
  const { t } = useTranslation('catalog');
  const [params] = useSearchParams();
  const keyword = parseKeywordParam(params.get('k')).trim();
  const [page, setPage] = usePageParam();
  const goods = useSearchGoods(keyword, page);
  const isPastEnd = useLastPageCorrection(page, goods.data?.total, PAGE_SIZE.list, setPage);
  return (
    <PageFrame titleKey="routes.searchGoods" titleTopic={keyword}>
      <SearchHeading keyword={keyword} current="goods" />
      {keyword === '' ? (
        <EmptyState title={t('search.noKeyword')} actionLabel={t('empty.browseAll')} />
      ) : (
        <>
          <ProductGrid
            cardHeadingLevel={2}
            products={goods.data?.pageList}
            loadFailure={goods}
            isLoading={goods.isLoading || isPastEnd}
            isUpdating={goods.isPlaceholderData}
            empty={
              <EmptyState
                title={t('search.noGoods', { keyword })}
                text={t('search.noGoodsHint')}
                actionLabel={t('search.tryStores')}
                actionTo={buildSearchStorePath(keyword)}
              />
            }
          />
          <ListPager
            page={page}
            pageSize={PAGE_SIZE.list}
            total={goods.data?.total ?? 0}
            onChange={setPage}
          />
        </>
      )}
    </PageFrame>
  );
}
