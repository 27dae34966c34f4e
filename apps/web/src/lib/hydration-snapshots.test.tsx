import { act, useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLocalCart, readNoLines, subscribeLocalCart } from '../features/cart/api/local-cart';
import { clearSearchHistory, useSearchHistory } from '../features/catalog/lib/search-history';
import { clearSession, getSession, useSession } from './session';

/**
 * A store whose browser snapshot differs from its server snapshot makes React render its components a second
 * time right after hydrating, synchronously: on a storefront page that was one long task of the main thread
 * (Total Blocking Time, docs/operations.md). A visitor without a session, cart or search history must hydrate
 * with the server's own snapshots.
 */
type TProbe = { renders: number; read: () => string };

function Probe({ probe }: { probe: TProbe }) {
  probe.renders += 1;
  return <span>{probe.read()}</span>;
}

describe('store snapshots at hydration', () => {
  // An anonymous visitor's start, whatever files ran before in this worker (the web project shares modules).
  beforeEach(() => {
    clearSession();
    clearSearchHistory();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
  });
  afterEach(() => {
    clearSession();
    localStorage.clear();
  });

  async function countRendersAfterHydration(probe: TProbe): Promise<number> {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe probe={probe} />);
    probe.renders = 0;
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    const root = await act(async () => hydrateRoot(container, <Probe probe={probe} />));
    await act(async () => root.unmount());
    return probe.renders;
  }

  it('an anonymous visitor hydrates the session, the empty cart and no search history in one render', async () => {
    expect(getSession()).toBe(getSession());
    expect(readLocalCart()).toBe(readNoLines());
    const renders = await countRendersAfterHydration({
      renders: 0,
      read: () => {
        const session = useSession();
        const lines = useSyncExternalStore(subscribeLocalCart, readLocalCart, readNoLines);
        const history = useSearchHistory();
        return `${session.userInfo ? 'user' : 'guest'} ${lines.length} ${history.length}`;
      },
    });
    expect(renders).toBe(1);
  });

  it('a stored cart still shows after hydrating (one more render, as intended)', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([{ productId: '1', variantId: null, quantity: 2, isChecked: true }]),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    const renders = await countRendersAfterHydration({
      renders: 0,
      read: () => String(useSyncExternalStore(subscribeLocalCart, readLocalCart, readNoLines).length),
    });
    expect(renders).toBe(2);
  });
});
