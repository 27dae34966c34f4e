import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { LightButton } from '../../components/ui/light-button';

/**
 * What a page that failed to render shows instead of nothing: the error (a chunk that did not load, a fault in the
 * page) said in the page's language, with a reload (a chunk of a new release loads after it) and the way home.
 * Plain markup: it also stands in for storefront pages, whose first load has no Ant Design.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (import.meta.env.DEV) {
    console.error(error);
  }
  return (
    <div className="cv-empty" role="alert">
      <p>{t('errors.generic')}</p>
      <p>
        <LightButton variant="primary" onClick={() => window.location.reload()}>
          {t('actions.retry')}
        </LightButton>
      </p>
      <Link to="/index">{t('notFound.home')}</Link>
    </div>
  );
}
