import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';

/** Converts a route segment (`privacy-policy`) to its dictionary key (`privacyPolicy`). */
export function toPageKey(slug: string): string {
  return slug.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** A policy or help page rendered paragraph by paragraph from the `pages` dictionary. */
export function Article({ pageKey, crumbKey }: { pageKey: string; crumbKey?: string }) {
  const { t } = useTranslation('pages');
  const paragraphs = t(`${pageKey}.paragraphs`, { returnObjects: true }) as Record<string, string> | string;
  const entries = typeof paragraphs === 'object' ? Object.entries(paragraphs) : [];
  return (
    <PageFrame titleKey={`pages:${pageKey}.title`} crumbs={crumbKey ? [{ labelKey: crumbKey }] : []}>
      <article className="cv-article">
        <p className="cv-article__lead">{t(`${pageKey}.lead`)}</p>
        {entries.map(([key, text]) => (
          <p key={key}>{text}</p>
        ))}
        <p className="cv-muted">{t('updated')}</p>
      </article>
    </PageFrame>
  );
}
