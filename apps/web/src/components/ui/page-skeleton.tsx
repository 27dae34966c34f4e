import { useTranslation } from 'react-i18next';

/** Lightweight loading frame shown while a page chunk or dictionary loads (no antd: it is on every load). */
export function PageSkeleton() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div className="cv-skeleton" role="status" aria-live="polite">
      <span className="cv-visually-hidden">{t('states.loading')}</span>
      <div className="cv-skeleton__line cv-skeleton__line--title" />
      <div className="cv-skeleton__line" />
      <div className="cv-skeleton__line" />
      <div className="cv-skeleton__line cv-skeleton__line--short" />
    </div>
  );
}
