import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { setSearchText } from '../../../app/layout/header-search';
import { buildKeywordQuery } from '../lib/format';

/**
 * The history entry whose keyword was last written into the header box: the box is prefilled once per
 * arrival, so a remount of the result page does not overwrite what the visitor has typed since.
 */
let prefilledLocationKey: string | null = null;

/** "Results for <keyword>" with links between goods and store results; prefills the header box. */
export function SearchHeading({
  keyword,
  current,
}: {
  keyword: string;
  current: 'goods' | 'stores' | 'all';
}) {
  const { t } = useTranslation('catalog');
  const locationKey = useLocation().key;
  useEffect(() => {
    if (!keyword || prefilledLocationKey === locationKey) {
      return;
    }
    prefilledLocationKey = locationKey;
    // Someone typing in the box while this page loads keeps their text.
    if (!document.activeElement?.closest('.cv-search')) {
      setSearchText(keyword);
    }
  }, [keyword, locationKey]);
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
