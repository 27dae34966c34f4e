import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { useRouteHandle } from '../route-handle';
import { CartButtonSlot, ChatProviderSlot } from '../slots';
import { BackToTop } from './floating-buttons';
import { Footer } from './footer';
import { Header } from './header';
import { SessionKeeper } from './session-keeper';

/** Storefront frame: header, navigation tabs, 1200 px content, footer, back-to-top and the cart button. */
export function StoreLayout() {
  const { hasCartButton } = useRouteHandle();
  return (
    <ChatProviderSlot>
      <div className="cv-shell">
        <SessionKeeper />
        <Header />
        <main id="main" className="cv-main cv-container" tabIndex={-1}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
        <CartButtonSlot isVisible={Boolean(hasCartButton)} />
        <BackToTop />
      </div>
    </ChatProviderSlot>
  );
}
