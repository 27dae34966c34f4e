import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  CheckSquareOutlined,
  ControlOutlined,
  DashboardOutlined,
  DollarOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FundOutlined,
  GiftOutlined,
  IdcardOutlined,
  LockOutlined,
  MailOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { ConsoleLayout, type TConsolePages } from '../../components/console/console-layout';
import { ConsoleNotFound } from '../../components/console/console-not-found';
import { StaffGuard } from '../../components/console/staff-guard';
import { StaffLoginPage } from '../../components/console/staff-login-page';
import { hasPermission, logoutStaff, STAFF_ME_KEY } from '../../components/console/staff-session';
import type { TMenuIcon } from '../../components/ui/menu-icon';
import { preloadableLazy } from '../../lib/preloadable-lazy';
import { ADMIN_PAGES, type TAdminPagePath } from './paths';

const BASE = '/admin';

/** The admin area's own pages; other features' sections come in `areaPages` (app/console-pages.ts). */
const OWN_PAGES: TConsolePages = {
  dashboard: preloadableLazy(() => import('./pages/dashboard')),
  approvals: preloadableLazy(() => import('./pages/approvals')),
  security: preloadableLazy(() => import('./pages/security')),
  catalog: preloadableLazy(() => import('./pages/catalog')),
  users: preloadableLazy(() => import('./pages/users')),
  roles: preloadableLazy(() => import('./pages/roles')),
  staff: preloadableLazy(() => import('./pages/staff')),
  'audit-log': preloadableLazy(() => import('./pages/audit-log')),
  'system-params': preloadableLazy(() => import('./pages/system-params')),
  jobs: preloadableLazy(() => import('./pages/jobs')),
};

/** Every page has its icon: on a narrow screen the collapsed menu shows nothing else. */
const ICONS: Record<TAdminPagePath, TMenuIcon> = {
  dashboard: DashboardOutlined,
  approvals: CheckSquareOutlined,
  security: LockOutlined,
  catalog: AppstoreOutlined,
  users: UserOutlined,
  roles: SafetyOutlined,
  staff: TeamOutlined,
  'audit-log': AuditOutlined,
  'system-params': SettingOutlined,
  jobs: FieldTimeOutlined,
  orders: ProfileOutlined,
  'finance-recharges': DollarOutlined,
  'finance-withdrawals': TransactionOutlined,
  'finance-channels': BankOutlined,
  ledger: BookOutlined,
  'kyc-review': IdcardOutlined,
  'loan-review': AccountBookOutlined,
  'loan-book': FundOutlined,
  'loan-products': ControlOutlined,
  'mail-outbox': MailOutlined,
  'coupon-campaigns': GiftOutlined,
  'merchant-applications': SolutionOutlined,
  stores: ShopOutlined,
  'product-moderation': FileSearchOutlined,
};

function useStaffLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await logoutStaff().catch(() => undefined);
    queryClient.setQueryData(STAFF_ME_KEY, null);
    queryClient.removeQueries({ queryKey: ['admin'] });
    await navigate(`${BASE}/login`);
  };
}

export default function AdminConsole({ areaPages = {} }: { areaPages?: TConsolePages }) {
  // `console` holds the labels of the dashboard, approvals and catalogue pages' menu entries.
  useTranslation(['admin', 'common', 'console', 'loans', 'auth']);
  const logout = useStaffLogout();
  return (
    <Routes>
      <Route path="login" element={<StaffLoginPage titleKey="admin:login.title" basePath={BASE} />} />
      <Route
        element={
          <StaffGuard basePath={BASE}>
            {(staff) => (
              <ConsoleLayout
                namespace="admin"
                basePath={BASE}
                titleKey="title"
                userName={staff.displayName}
                onLogout={logout}
                menu={ADMIN_PAGES.filter((page) => hasPermission(staff, page.permission)).map((page) => ({
                  path: page.path,
                  labelKey: page.labelKey,
                  icon: ICONS[page.path],
                  preload: (OWN_PAGES[page.path] ?? areaPages[page.path])?.preload,
                }))}
              />
            )}
          </StaffGuard>
        }
      >
        <Route index element={<AdminHome />} />
        {ADMIN_PAGES.map(({ path, permission }) => {
          const Page = OWN_PAGES[path] ?? areaPages[path];
          return Page ? (
            <Route
              key={path}
              path={path}
              element={
                <StaffGuard basePath={BASE} permission={permission}>
                  {() => <Page />}
                </StaffGuard>
              }
            />
          ) : null;
        })}
        <Route path="*" element={<ConsoleNotFound basePath={BASE} />} />
      </Route>
    </Routes>
  );
}

/** /admin opens the first page the staff member may see. */
function AdminHome() {
  const { t } = useTranslation(['admin', 'auth']);
  return (
    <StaffGuard basePath={BASE}>
      {(staff) => {
        const first = ADMIN_PAGES.find((page) => hasPermission(staff, page.permission));
        return first ? <Navigate to={`${BASE}/${first.path}`} replace /> : <Result title={t('noPages')} />;
      }}
    </StaffGuard>
  );
}
