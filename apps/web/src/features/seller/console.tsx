import {
  BellOutlined,
  CommentOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  MessageOutlined,
  ProfileOutlined,
  RollbackOutlined,
  ShopOutlined,
  ShoppingOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ConsoleLayout, type TConsolePages } from '../../components/console/console-layout';
import { ConsoleNotFound } from '../../components/console/console-not-found';
import { buildConsoleLoginPath } from '../../components/console/console-redirect';
import type { TMenuIcon } from '../../components/ui/menu-icon';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { logoutSeller, SELLER_ME_KEY, useSellerMe } from './api/seller-session';
import { SellerSection } from './pages/seller-section';
import { SELLER_PAGES } from './paths';

const BASE = '/seller';
const SellerLoginPage = lazy(() => import('./pages/seller-login'));

/** Every section has its icon: on a narrow screen the collapsed menu shows nothing else. */
const ICONS: Record<(typeof SELLER_PAGES)[number]['path'], TMenuIcon> = {
  dashboard: DashboardOutlined,
  products: ShoppingOutlined,
  orders: ProfileOutlined,
  refunds: RollbackOutlined,
  settlement: DollarOutlined,
  stock: DatabaseOutlined,
  reviews: MessageOutlined,
  shop: ShopOutlined,
  chat: CommentOutlined,
  notifications: BellOutlined,
};

function SellerGuard({ children }: { children: (name: string) => ReactNode }) {
  const me = useSellerMe();
  const location = useLocation();
  if (me.isLoading) {
    return <PageSkeleton />;
  }
  if (!me.data) {
    return <Navigate to={buildConsoleLoginPath(BASE, `${location.pathname}${location.search}`)} replace />;
  }
  return children(me.data.store.name || me.data.user.displayName);
}

/** The panel's frame; only rendered for a logged-in seller, so the counts are asked for only then. */
function SellerLayout({
  areaPages,
  name,
  onLogout,
  useMenuCounts,
}: {
  areaPages: TConsolePages;
  name: string;
  onLogout: () => Promise<void>;
  useMenuCounts: () => Partial<Record<string, number>>;
}) {
  const counts = useMenuCounts();
  return (
    <ConsoleLayout
      namespace="seller"
      basePath={BASE}
      titleKey="title"
      userName={name}
      onLogout={onLogout}
      menu={SELLER_PAGES.map((page) => ({
        path: page.path,
        labelKey: page.labelKey,
        icon: ICONS[page.path],
        count: counts[page.path] ?? 0,
        preload: areaPages[page.path]?.preload,
      }))}
    />
  );
}

const useNoCounts = (): Partial<Record<string, number>> => ({});

/**
 * Sections other features contribute come in `areaPages` (app/console-pages.ts), keyed by section path; so
 * do the counts beside menu entries (`useMenuCounts`, a hook called on every render of the panel).
 */
export default function SellerConsole({
  areaPages = {},
  useMenuCounts = useNoCounts,
}: {
  areaPages?: TConsolePages;
  useMenuCounts?: () => Partial<Record<string, number>>;
}) {
  // Loads the console's dictionaries before its pages render.
  useTranslation(['seller', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = async () => {
    await logoutSeller().catch(() => undefined);
    queryClient.setQueryData(SELLER_ME_KEY, null);
    queryClient.removeQueries({ queryKey: ['seller'] });
    await navigate(`${BASE}/login`);
  };
  return (
    <Routes>
      <Route path="login" element={<SellerLoginPage />} />
      <Route
        element={
          <SellerGuard>
            {(name) => (
              <SellerLayout
                areaPages={areaPages}
                name={name}
                onLogout={logout}
                useMenuCounts={useMenuCounts}
              />
            )}
          </SellerGuard>
        }
      >
        <Route index element={<Navigate to={`${BASE}/dashboard`} replace />} />
        {SELLER_PAGES.map(({ path, labelKey }) => {
          const Page = areaPages[path];
          return (
            <Route
              key={path}
              path={`${path}/*`}
              element={Page ? <Page /> : <SellerSection labelKey={labelKey} />}
            />
          );
        })}
        <Route path="*" element={<ConsoleNotFound basePath={BASE} />} />
      </Route>
    </Routes>
  );
}
