import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { homeTitle } from '../../../lib/page-title';
import { preloadableLazy } from '../../../lib/preloadable-lazy';
import { homeQuery } from '../api/get-home';

/**
 * The home chunk stays tiny (the /index first-load budget): it starts the data request at once and loads the
 * sections, cards and carousel as a parallel chunk.
 */
const HomeSections = preloadableLazy(() => import('../components/home-sections'));

/** Loaded with the page before it hydrates (app/router.tsx), so the sections hydrate with it. */
export const preload = HomeSections.preload;

export default function HomePage() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(homeQuery());
  }, [queryClient]);
  useEffect(() => {
    document.title = homeTitle(t('brand'), t('footer.tagline'));
  }, [t]);
  return (
    <section className="cv-page">
      <h1 className="cv-visually-hidden">{t('brand')}</h1>
      <Suspense fallback={<PageSkeleton />}>
        <HomeSections />
      </Suspense>
    </section>
  );
}
