import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setSearchText } from '../../../app/layout/header-search';
import { buildKeywordQuery } from '../lib/format';

/** "Results for <keyword>" with links between goods and store results; prefills the header box. */
export function SearchHeading({
  keyword,
  current,
}: {
  keyword: string;
  current: 'goods' | 'stores' | 'all';
}) {
  const { t } = useTranslation('catalog');
  useEffect(() => {
    if (keyword) {
      setSearchText(keyword);
    }
  }, [keyword]);
  const k = buildKeywordQuery(keyword);
  return (
    <div className="cv-toolbar">
      <span data-testid="search-keyword">{t('search.resultsFor', { keyword })}</span>
      <nav className="cv-chips" aria-label={t('search.resultKinds')}>
        <Link className={`cv-chip${current === 'goods' ? ' is-active' : ''}`} to={`/searchGoods?k=${k}`}>
          {t('search.goods')}
        </Link>
        <Link className={`cv-chip${current === 'stores' ? ' is-active' : ''}`} to={`/searchStore?k=${k}`}>
          {t('search.stores')}
        </Link>
      </nav>
    </div>
  );
}
