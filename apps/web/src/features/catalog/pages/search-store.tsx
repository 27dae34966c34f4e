import { PAGE_SIZE } from '@caravan/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { useSearchStores } from '../api/search-stores';
import '../catalog.css';
import { useLastPageCorrection, usePageParam } from '../../../lib/page-param';
import { EmptyState } from '../components/empty-state';
import { LightLoadError } from '../components/light-load-error';
import { ListPager } from '../components/list-pager';
import { SearchHeading } from '../components/search-heading';
import { StoreList } from '../components/store-list';
import { parseKeywordParam } from '../lib/format';

export default function SearchStorePage() {
  const { t } = useTranslation('catalog');
  const [params] = useSearchParams();
  const keyword = parseKeywordParam(params.get('k')).trim();
  const [page, setPage] = usePageParam();
  const stores = useSearchStores(keyword, page);
  const isPastEnd = useLastPageCorrection(page, stores.data?.total, PAGE_SIZE.list, setPage);
  const list = stores.data?.pageList ?? [];
  return (
    <PageFrame titleKey="routes.searchStore" titleTopic={keyword}>
      <SearchHeading keyword={keyword} current="stores" />
      {keyword !== '' && (stores.isLoading || isPastEnd) && (
        <div style={{ display: 'grid', gap: 12 }} aria-busy="true">
          <div className="cv-skel" style={{ height: 72 }} />
          <div className="cv-skel" style={{ height: 72 }} />
        </div>
      )}
      {keyword !== '' && stores.isError && !stores.data && <LightLoadError query={stores} />}
      {(keyword === '' || (!stores.isLoading && !isPastEnd && !stores.isError && list.length === 0)) && (
        <EmptyState
          title={keyword ? t('search.noStores', { keyword }) : t('search.noKeyword')}
          text={keyword ? t('search.noStoresHint') : undefined}
          actionLabel={t('search.browseStores')}
          actionTo="/index"
        />
      )}
      {list.length > 0 && <StoreList stores={list} />}
      <ListPager page={page} pageSize={PAGE_SIZE.list} total={stores.data?.total ?? 0} onChange={setPage} />
    </PageFrame>
  );
}
