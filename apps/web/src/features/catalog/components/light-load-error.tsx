import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LightButton } from '../../../components/ui/light-button';
import { isApiError } from '../../../lib/api';

/**
 * The storefront's "could not load" state with Try again, free of Ant Design like the rest of the public pages:
 * the server's message when it sent one, otherwise the catalogue's own.
 */
export function LightLoadError({
  query,
  variant,
}: {
  query: { error: unknown; refetch: () => unknown };
  variant?: 'primary';
}) {
  const { t } = useTranslation('catalog');
  // A request the server refused as asked (an unknown category in a kept link) fails the same way again: the way out
  // is the whole catalogue, not "Try again". Time-outs and rate limits may pass on a retry.
  const isRefusal =
    isApiError(query.error) &&
    query.error.status >= 400 &&
    query.error.status < 500 &&
    ![408, 429].includes(query.error.status);
  return (
    <div className="cv-state" role="alert">
      <p>{isApiError(query.error) ? query.error.message : t('states.loadFailed')}</p>
      {isRefusal ? (
        <Link to="/commodity" className="cv-empty__link">
          {t('empty.browseAll')}
        </Link>
      ) : (
        <LightButton {...(variant ? { variant } : {})} onClick={() => void query.refetch()}>
          {t('states.retry')}
        </LightButton>
      )}
    </div>
  );
}
