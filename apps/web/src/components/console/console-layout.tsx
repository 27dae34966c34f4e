import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
// biome-ignore lint/style/noRestrictedImports: the phone menu's drawer opens from the start side, placed by direction here
import { Breadcrumb, Button, ConfigProvider, Drawer, Grid, Layout, Menu } from 'antd';
import {
  type ComponentType,
  createContext,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageMenu } from '../language-menu';
import { ConfirmPopover } from '../ui/confirm-popover';
import { LabelWithCount } from '../ui/label-with-count';
import { LogoGlyph } from '../ui/logo';
import type { TMenuIcon } from '../ui/menu-icon';
import { PageSkeleton } from '../ui/page-skeleton';
import { KeyboardScrollableTables } from '../ui/table-scrollers';
import { ConsolePageErrorBoundary } from './page-error-boundary';

/** A console page: a lazy component whose code can be asked for before it renders (lib/preloadable-lazy.ts). */
export type TConsolePage = ComponentType & { preload?: () => Promise<unknown> };
/** A console's pages by section path (features contribute theirs through app/console-pages.ts). */
export type TConsolePages = Partial<Record<string, TConsolePage>>;

/**
 * `count`: an unread count shown beside the entry (nothing for zero). `preload`: asks for the page's code when the
 * pointer comes over the entry, so it has usually arrived by the click.
 */
export type TConsoleMenuItem = {
  path: string;
  labelKey: string;
  icon: TMenuIcon;
  count?: number;
  preload?: () => Promise<unknown>;
};

type TConsoleLayoutProps = {
  /** Dictionary namespace of the console (`admin`, `seller`, `cs`). */
  namespace: string;
  basePath: string;
  titleKey: string;
  menu: TConsoleMenuItem[];
  userName: string;
  onLogout: () => Promise<void>;
  /** Shown before the document's title as "(3) " while above zero: unread work seen from another tab or page. */
  titleCount?: number;
};

/** Lets a page's heading name it in the breadcrumb (ConsolePageHead); null outside a console. */
const PageTitleContext = createContext<((title: string | null) => void) | null>(null);

/** Width of the menu beside the page, and of the drawer it becomes on a phone. */
const MENU_PX = 220;

/**
 * Ant Design Pro-like frame shared by the seller, admin and customer-service consoles. On a phone the menu is a
 * drawer the header's button opens: a rail of icons beside the page would leave a table some 260 px of 360.
 */
export function ConsoleLayout({
  namespace,
  basePath,
  titleKey,
  menu,
  userName,
  onLogout,
  titleCount = 0,
}: TConsoleLayoutProps) {
  const { t } = useTranslation([namespace, 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  // Below Ant Design's `md` (768 px). Unknown until its observer reports, in a layout effect before the first paint.
  const isPhone = Grid.useBreakpoint().md === false;
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  const current = menu.find((item) => location.pathname.startsWith(`${basePath}/${item.path}`));
  const title = t(titleKey);
  const isSectionPage =
    current !== undefined && location.pathname.replace(/\/$/, '') === `${basePath}/${current.path}`;
  useEffect(() => {
    const pageTitle = current ? `${t(current.labelKey)} · ${title}` : title;
    document.title = titleCount > 0 ? `(${titleCount}) ${pageTitle}` : pageTitle;
  }, [current, t, title, titleCount]);
  const isMenuShown = isPhone ? isDrawerOpen : !isCollapsed;
  const navigation = (
    <>
      <Link to={basePath} className="cv-console__brand" onClick={() => setIsDrawerOpen(false)}>
        <LogoGlyph size={28} />
        {/* A long title ("Caravan для продавцов") is cut with an ellipsis (global.css): the whole of it on hover. */}
        {isMenuShown && (
          <span className="cv-console__title" title={title}>
            {title}
          </span>
        )}
      </Link>
      <Menu
        mode="inline"
        // The sider draws the edge for its whole height; the menu's own (Ant Design's rule outranks a stylesheet's)
        // doubled it beside the entries only.
        style={{ borderInlineEnd: 'none' }}
        selectedKeys={current ? [current.path] : []}
        items={menu.map(({ icon: Icon, ...item }) => ({
          key: item.path,
          icon: <Icon aria-hidden />,
          // A failed load is tried again when the page renders.
          onMouseEnter: () => void item.preload?.().catch(() => undefined),
          label: item.count ? (
            <LabelWithCount label={t(item.labelKey)} count={item.count} />
          ) : (
            t(item.labelKey)
          ),
        }))}
        onClick={({ key }) => {
          setIsDrawerOpen(false);
          void navigate(`${basePath}/${key}`);
        }}
      />
    </>
  );
  return (
    <Layout className="cv-console">
      {isPhone ? (
        <Drawer
          open={isDrawerOpen}
          onClose={() => setIsDrawerOpen(false)}
          placement={direction === 'rtl' ? 'right' : 'left'}
          size={MENU_PX}
          closable={false}
          className="cv-console__drawer"
          aria-label={title}
        >
          {navigation}
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={isCollapsed}
          trigger={null}
          width={MENU_PX}
          className="cv-console__sider"
          theme="light"
        >
          {navigation}
        </Layout.Sider>
      )}
      <Layout className="cv-console__main">
        <Layout.Header className="cv-console__header">
          <Button
            type="text"
            icon={isMenuShown ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
            onClick={() => (isPhone ? setIsDrawerOpen(true) : setIsCollapsed((value) => !value))}
            aria-label={t('common:console.toggleMenu')}
            aria-expanded={isMenuShown}
          />
          <Breadcrumb
            className="cv-console__crumbs"
            items={[
              { title: <Link to={basePath}>{title}</Link> },
              // On a page below a section (a product's editor under Products) the section is the way back.
              ...(current
                ? [
                    {
                      title: isSectionPage ? (
                        t(current.labelKey)
                      ) : (
                        <Link to={`${basePath}/${current.path}`}>{t(current.labelKey)}</Link>
                      ),
                    },
                  ]
                : []),
              // The page itself ("Edit product"): the trail ended at its section.
              ...(current && !isSectionPage && pageTitle ? [{ title: pageTitle }] : []),
            ]}
          />
          {/* Staff choose their language here as buyers do in the storefront's header (it had only `?lang=`). */}
          <LanguageMenu />
          {/* dir="auto": a Latin shop name in an Arabic console was cut at its start ("…avan Demo Trading Co"). */}
          <span className="cv-console__user" dir="auto">
            {userName}
          </span>
          {/* Asks first, as the storefront's Log out does (DESIGN: destructive actions confirm). */}
          <ConfirmPopover
            title={t('common:header.logoutConfirm')}
            okText={t('common:header.logout')}
            cancelText={t('common:actions.cancel')}
            okButtonProps={{ loading: isLoggingOut }}
            onConfirm={async () => {
              setIsLoggingOut(true);
              try {
                await onLogout();
              } finally {
                setIsLoggingOut(false);
              }
            }}
          >
            <Button
              type="text"
              icon={<LogoutOutlined aria-hidden />}
              loading={isLoggingOut}
              aria-haspopup="dialog"
            >
              {t('common:header.logout')}
            </Button>
          </ConfirmPopover>
        </Layout.Header>
        <Layout.Content className="cv-console__content">
          <KeyboardScrollableTables>
            <PageTitleContext.Provider value={setPageTitle}>
              {/* A boundary of its own per section: the router navigates in a transition, in which React keeps a
                  boundary's content on screen until the next page's code has loaded (the last page and its menu
                  entry stayed 1-2 s on a slow line); a new boundary shows its skeleton at once. */}
              <ConsolePageErrorBoundary resetKey={location.pathname}>
                <Suspense key={current?.path ?? ''} fallback={<PageSkeleton />}>
                  <Outlet />
                </Suspense>
              </ConsolePageErrorBoundary>
            </PageTitleContext.Provider>
          </KeyboardScrollableTables>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** Heading row of a console page. */
export function ConsolePageHead({ title, extra }: { title: string; extra?: ReactNode }) {
  const setPageTitle = useContext(PageTitleContext);
  useLayoutEffect(() => {
    setPageTitle?.(title);
    return () => setPageTitle?.(null);
  }, [setPageTitle, title]);
  return (
    <div className="cv-console__page-head">
      <h1>{title}</h1>
      {extra}
    </div>
  );
}
