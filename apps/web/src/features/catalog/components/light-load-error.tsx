import { useTranslation } from 'react-i18next';
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
  return (
    <div className="cv-state" role="alert">
      <p>{isApiError(query.error) ? query.error.message : t('states.loadFailed')}</p>
      <LightButton {...(variant ? { variant } : {})} onClick={() => void query.refetch()}>
        {t('states.retry')}
      </LightButton>
    </div>
  );
}
