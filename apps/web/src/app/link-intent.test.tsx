import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPagesOnLinkIntent } from './link-intent';
import type { TPage } from './router';

/** A lazy page as the router's table has it (an object with `preload`; never rendered here). */
function fakePage(): TPage {
  return { preload: vi.fn(async () => ({ default: () => null })) } as unknown as TPage;
}

const ShopPage = fakePage();
const ProductPage = fakePage();
const ROUTES = [
  {
    path: '/',
    children: [
      { path: 'store', element: <ShopPage /> },
      { path: 'productDetails', element: <ProductPage /> },
    ],
  },
];

function link(href: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.innerHTML = '<span>Open</span>';
  document.body.append(anchor);
  return anchor;
}

describe('preloadPagesOnLinkIntent', () => {
  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    document.body.replaceChildren();
    vi.clearAllMocks();
  });

  it("asks once for the code of the page a pointed or focused link leads to, and no other's", () => {
    stop = preloadPagesOnLinkIntent(ROUTES);
    const toProduct = link('/productDetails?id=7');
    // Over the link's text: the event comes from inside the link.
    toProduct.querySelector('span')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(ProductPage.preload).toHaveBeenCalledTimes(1);
    expect(ShopPage.preload).not.toHaveBeenCalled();
    link('/productDetails?id=8').dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(ProductPage.preload).toHaveBeenCalledTimes(1);
    link('/store?id=3').dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(ShopPage.preload).toHaveBeenCalledTimes(1);
  });

  it('leaves links to other sites and plain text alone', () => {
    stop = preloadPagesOnLinkIntent(ROUTES);
    link('https://example.com/productDetails?id=7').dispatchEvent(
      new Event('pointerover', { bubbles: true }),
    );
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(ProductPage.preload).not.toHaveBeenCalled();
  });
});
