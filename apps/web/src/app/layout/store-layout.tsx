import { Suspense } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { useRenderYear } from '../render-year';
import { useRouteHandle } from '../route-handle';
import { ServerFragment } from '../server-fragment';
import { CartButtonSlot, ChatProviderSlot } from '../slots';
import { BackToTop } from './floating-buttons';
import { Footer } from './footer';
import { activeNavTab, Header } from './header';
import { SessionKeeper } from './session-keeper';

/** The i18n namespaces the header and the footer use (server-fragment.tsx). */
const HEADER_NAMESPACES = ['common'];
const FOOTER_NAMESPACES = ['common', 'validation'];

/** Storefront frame: header, navigation tabs, 1200 px content, footer, back-to-top and the cart button. */
export function StoreLayout() {
  const { hasCartButton } = useRouteHandle();
  const { pathname } = useLocation();
  const pageRouteId = useMatches().at(-1)?.id ?? '';
  const year = useRenderYear();
  return (
    <ChatProviderSlot>
      <div className="cv-shell">
        <SessionKeeper />
        <ServerFragment name="header" variant={String(activeNavTab(pathname))} namespaces={HEADER_NAMESPACES}>
          <Header />
        </ServerFragment>
        <main id="main" className="cv-main cv-container" tabIndex={-1}>
          {/* A boundary per page (its route): the router navigates in a transition, in which React would keep the
              last page and its navigation tab on screen until the next page's code had loaded; a new boundary
              shows the skeleton at once. The same key on the server, so hydration matches. */}
          <Suspense key={pageRouteId} fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
        {/* Per year: the footer's copyright runs to the current one (a fragment is kept while the server runs). */}
        <ServerFragment name="footer" variant={String(year)} namespaces={FOOTER_NAMESPACES}>
          <Footer />
        </ServerFragment>
        <CartButtonSlot isVisible={Boolean(hasCartButton)} />
        <BackToTop />
      </div>
    </ChatProviderSlot>
  );
}
