import { ShoppingCartOutlined } from '@ant-design/icons';
import type { TCart } from '@caravan/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { scopeWithAntd } from '../../../lib/antd-lazy';
import { buildLoginPath, getSession, isLoggedIn, useSession } from '../../../lib/session';
import { announceCartReady, buildBuyNowPath, CART_EVENTS, readCartEventDetail } from '../api/cart-events';
import { CART_KEY } from '../api/cart-keys';
import { getCart } from '../api/get-cart';
import { readLocalCart, readNoLines, subscribeLocalCart } from '../api/local-cart';

const readNoCount = () => 0;

const CartDrawer = lazy(() => scopeWithAntd(import('./cart-drawer')));

/**
 * Always mounted in the storefront: it listens for the product page's cart events and merges the browser cart
 * after log in; the floating button itself shows only on the routes of SPEC §2 (`isVisible`).
 */
export function CartButton({ isVisible }: { isVisible: boolean }) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const hasSession = isLoggedIn(session);
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  // Server-rendered pages show an empty cart; the browser's own count follows right after hydrating.
  const localLines = useSyncExternalStore(subscribeLocalCart, readLocalCart, readNoLines);
  // The query cache is read directly: a useQuery observer would add its code to the first load of /index.
  const subscribeCache = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  const readServerCount = useCallback(
    () => queryClient.getQueryData<TCart>(CART_KEY)?.count ?? 0,
    [queryClient],
  );
  const serverCount = useSyncExternalStore(subscribeCache, readServerCount, readNoCount);
  const count = hasSession ? serverCount : localLines.length;

  useEffect(() => {
    if (hasSession && isVisible) {
      void queryClient.prefetchQuery({ queryKey: CART_KEY, queryFn: getCart });
    }
  }, [hasSession, isVisible, queryClient]);

  useEffect(() => {
    if (hasSession && readLocalCart().length > 0) {
      void import('../api/merge-cart').then((module) => module.mergeLocalCart(queryClient));
    }
  }, [hasSession, queryClient]);

  useEffect(() => {
    const onAdd = (event: Event) => {
      const detail = readCartEventDetail(event);
      if (detail) {
        event.preventDefault();
        void import('../api/add-to-cart').then((module) => module.addToCart(queryClient, detail));
      }
    };
    const onBuyNow = (event: Event) => {
      const detail = readCartEventDetail(event);
      if (detail) {
        event.preventDefault();
        const target = buildBuyNowPath(detail);
        void navigate(isLoggedIn(getSession()) ? target : buildLoginPath(target));
      }
    };
    window.addEventListener(CART_EVENTS.addToCart, onAdd);
    window.addEventListener(CART_EVENTS.buyNow, onBuyNow);
    const withdrawReady = announceCartReady();
    return () => {
      withdrawReady();
      window.removeEventListener(CART_EVENTS.addToCart, onAdd);
      window.removeEventListener(CART_EVENTS.buyNow, onBuyNow);
    };
  }, [navigate, queryClient]);

  useEffect(() => {
    if (!isVisible) {
      setIsOpen(false);
    }
  }, [isVisible]);

  if (!isVisible) {
    return null;
  }
  const label = count > 0 ? `${t('cart.title')} (${count})` : t('cart.title');
  return (
    <>
      <button
        type="button"
        className="cv-float cv-float--primary"
        style={{ insetBlockEnd: 80 }}
        aria-label={label}
        title={label}
        data-testid="cart-button"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <ShoppingCartOutlined aria-hidden />
        {count > 0 && (
          <span
            aria-hidden
            dir="ltr"
            style={{
              position: 'absolute',
              insetBlockStart: -4,
              insetInlineEnd: -4,
              minWidth: 18,
              height: 18,
              padding: '0 5px',
              borderRadius: 9,
              background: '#b91c1c',
              color: '#fff',
              fontSize: 11,
              lineHeight: '18px',
              textAlign: 'center',
            }}
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {hasOpened && (
        <Suspense fallback={null}>
          <CartDrawer isOpen={isOpen} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
