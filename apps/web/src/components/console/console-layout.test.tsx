import { DashboardOutlined, DollarOutlined, RollbackOutlined, ShoppingOutlined } from '@ant-design/icons';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import commonEn from '../../locales/en/common.json';
import { setUpComponentTests } from '../../testing/render';
import { ConsoleLayout, ConsolePageHead, type TConsoleMenuItem } from './console-layout';

const preloadSettlement = vi.fn(async () => undefined);

const MENU: TConsoleMenuItem[] = [
  { path: 'dashboard', labelKey: 'menu.dashboard', icon: DashboardOutlined },
  { path: 'products', labelKey: 'menu.products', icon: ShoppingOutlined },
  { path: 'refunds', labelKey: 'menu.refunds', icon: RollbackOutlined, count: 120 },
  { path: 'settlement', labelKey: 'menu.settlement', icon: DollarOutlined, preload: preloadSettlement },
];

const LABELS = {
  dashboard: 'Tableau de bord',
  products: 'Produits',
  refunds: 'Remboursements',
  settlement: 'Règlements',
};

/** A page that fails to render (the loan review did, on a half-typed amount). */
function FailingPage(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'toFixed')");
}

/** A page whose code never arrives, as on a slow line. */
const NeverLoadedPage = lazy(() => new Promise<never>(() => undefined));

async function renderConsole(
  at = '/seller/dashboard',
  titleCount?: number,
  onLogout: () => Promise<void> = vi.fn(async () => undefined),
) {
  const router = createMemoryRouter(
    [
      {
        path: '/seller',
        element: (
          <ConsoleLayout
            namespace="test-console"
            basePath="/seller"
            titleKey="title"
            menu={MENU}
            userName="Demo"
            onLogout={onLogout}
            titleCount={titleCount}
          />
        ),
        children: [
          { path: 'products/new', element: <ConsolePageHead title="Nouveau produit" /> },
          { path: 'settlement', element: <NeverLoadedPage /> },
          { path: 'refunds', element: <FailingPage /> },
          { path: '*', element: <p>page</p> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
}

describe('ConsoleLayout', () => {
  setUpComponentTests({ 'test-console': { title: 'Caravan pour les vendeurs', menu: LABELS } });

  it("names menu entries and header buttons by their own text, without the icons' English names", async () => {
    await renderConsole();
    const menu = screen.getByRole('menu');
    // Each icon said its English name first ("dashboard Tableau de bord").
    expect(within(menu).queryAllByRole('img')).toEqual([]);
    for (const icon of menu.querySelectorAll('.anticon')) {
      expect(icon.getAttribute('aria-hidden')).toBe('true');
    }
    expect(screen.getByRole('menuitem', { name: LABELS.dashboard })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: LABELS.products })).toBeTruthy();

    const toggle = screen.getByRole('button', { name: commonEn.console.toggleMenu });
    expect(toggle.querySelector('.anticon')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('button', { name: commonEn.header.logout })).toBeTruthy();
    // Staff choose their language in the header, as buyers do (it was reachable only through ?lang=).
    expect(document.querySelector('.cv-console__header summary')?.textContent).toBe(
      `${commonEn.header.language}: English`,
    );
    expect(screen.queryAllByRole('img')).toEqual([]);

    // Folded to its rail of icons, the menu's entries keep their names.
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(screen.getByRole('menu')).queryAllByRole('img')).toEqual([]);
  });

  it('logs out only once the question is confirmed (a stray tap used to end the session)', async () => {
    const onLogout = vi.fn(async () => undefined);
    await renderConsole('/seller/dashboard', 0, onLogout);
    const header = document.querySelector('.cv-console__header') as HTMLElement;
    fireEvent.click(within(header).getByRole('button', { name: commonEn.header.logout }));
    const question = await screen.findByText(commonEn.header.logoutConfirm);
    expect(onLogout).not.toHaveBeenCalled();
    const popup = question.closest('.ant-popover') as HTMLElement;
    // Cancel has the focus: a second Enter does not log out.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(popup).getByRole('button', { name: commonEn.actions.cancel }),
      ),
    );
    fireEvent.click(within(popup).getByRole('button', { name: commonEn.actions.cancel }));
    expect(onLogout).not.toHaveBeenCalled();

    fireEvent.click(within(header).getByRole('button', { name: commonEn.header.logout }));
    // The cancelled question may still be fading out: the new one is the last.
    const again = (await screen.findAllByText(commonEn.header.logoutConfirm))
      .at(-1)
      ?.closest('.ant-popover') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: commonEn.header.logout }));
    });
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('puts an unread count before the document title while there is one', async () => {
    await renderConsole('/seller/products', 4);
    expect(document.title).toBe(`(4) ${LABELS.products} · Caravan pour les vendeurs`);
    // The menu entry's count is read out with its name, as the header's badges are.
    expect(screen.getByRole('menuitem', { name: `${LABELS.refunds} (120)` })).toBeTruthy();
  });

  it('leaves the document title alone without an unread count', async () => {
    await renderConsole('/seller/products', 0);
    expect(document.title).toBe(`${LABELS.products} · Caravan pour les vendeurs`);
  });

  it('keeps the whole of a long title as its tooltip, beside the glyph', async () => {
    await renderConsole();
    const [brand] = screen.getAllByRole('link', { name: 'Caravan pour les vendeurs' });
    const title = brand?.querySelector('.cv-console__title');
    expect(title?.getAttribute('title')).toBe('Caravan pour les vendeurs');
    // The glyph is kept from shrinking by this class (global.css).
    expect(brand?.querySelector('svg')?.getAttribute('class')).toBe('cv-logo-glyph');
  });

  it('links the section in the breadcrumb from a page below it, and not on the section itself', async () => {
    await renderConsole('/seller/products/new');
    const crumbs = document.querySelector('.cv-console__crumbs') as HTMLElement;
    expect(within(crumbs).getByRole('link', { name: LABELS.products }).getAttribute('href')).toBe(
      '/seller/products',
    );
    // Then the page itself, named by its heading (the trail ended at "Produits").
    expect(crumbs.textContent?.endsWith('Nouveau produit')).toBe(true);
  });

  it('shows the section itself as plain text in its own breadcrumb', async () => {
    await renderConsole('/seller/products');
    const crumbs = document.querySelector('.cv-console__crumbs') as HTMLElement;
    expect(within(crumbs).queryByRole('link', { name: LABELS.products })).toBeNull();
    expect(crumbs.textContent).toContain(LABELS.products);
  });

  it("shows the chosen entry and a skeleton at once while the next page's code arrives", async () => {
    await renderConsole('/seller/dashboard');
    // The router navigates in a transition: React kept the last page on screen, its menu entry chosen, until the
    // next page's code had loaded (1-2 s in Chromium on a slow line).
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: LABELS.settlement })));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Loading'));
    expect(screen.queryByText('page')).toBeNull();
    expect(screen.getByRole('menuitem', { name: LABELS.settlement }).className).toContain(
      'ant-menu-item-selected',
    );
  });

  it("asks for a page's code when the pointer comes over its entry", async () => {
    await renderConsole('/seller/dashboard');
    preloadSettlement.mockClear();
    fireEvent.mouseEnter(screen.getByRole('menuitem', { name: LABELS.products }));
    expect(preloadSettlement).not.toHaveBeenCalled();
    fireEvent.mouseEnter(screen.getByRole('menuitem', { name: LABELS.settlement }));
    expect(preloadSettlement).toHaveBeenCalledTimes(1);
  });

  it('keeps its menu when a page fails to render, and renders the next page chosen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderConsole('/seller/refunds');
    // Before, the fault went up to the app's error page: no menu, no header, no way to another page.
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(commonEn.errors.generic);
    expect(within(alert).getByRole('button', { name: commonEn.actions.retry })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: new RegExp(LABELS.refunds) }).className).toContain(
      'ant-menu-item-selected',
    );

    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: LABELS.products })));
    expect(await screen.findByText('page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
