import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brandedTitle, searchTitle } from '../../lib/page-title';

export type TCrumb = { labelKey: string; to?: string };

type TPageFrameProps = {
  /** Key in the `common` namespace (usually `routes.<name>`). */
  titleKey: string;
  /**
   * The browser tab's title when it is not the heading (a store's name): the same as the server's <title>
   * (app/page-head.ts), so a crawler that runs scripts reads the title the HTML gave.
   */
  documentTitle?: string;
  /** What the page shows, before the heading in the tab's title as the server writes it (a search's keyword). */
  titleTopic?: string;
  /** Crumbs between Home and this page. */
  crumbs?: TCrumb[];
  isBreadcrumbHidden?: boolean;
  extra?: ReactNode;
  children?: ReactNode;
};

/** Title, breadcrumb and document title shared by every storefront page. */
export function PageFrame({
  titleKey,
  documentTitle,
  titleTopic = '',
  crumbs = [],
  isBreadcrumbHidden = false,
  extra,
  children,
}: TPageFrameProps) {
  const { t } = useTranslation('common');
  const title = t(titleKey);
  const tabTitle = documentTitle ?? searchTitle(titleTopic, title);
  useEffect(() => {
    document.title = brandedTitle(tabTitle, t('brand'));
  }, [tabTitle, t]);
  return (
    <section className="cv-page">
      {!isBreadcrumbHidden && (
        <nav className="cv-breadcrumb" aria-label={t('a11y.breadcrumb')}>
          <ol>
            <li>
              <Link to="/index">{t('routes.index')}</Link>
            </li>
            {crumbs.map((crumb) => (
              <li key={crumb.labelKey}>
                {crumb.to ? <Link to={crumb.to}>{t(crumb.labelKey)}</Link> : t(crumb.labelKey)}
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      )}
      <div className="cv-page__head">
        <h1 className="cv-page__title">{title}</h1>
        {extra}
      </div>
      {children}
    </section>
  );
}
