import { BarChartOutlined, MessageOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { ConsoleLayout, ConsolePageHead, type TConsolePages } from '../../components/console/console-layout';
import { ConsoleNotFound } from '../../components/console/console-not-found';
import { StaffGuard } from '../../components/console/staff-guard';
import { StaffLoginPage } from '../../components/console/staff-login-page';
import { logoutStaff, STAFF_ME_KEY } from '../../components/console/staff-session';
import type { TMenuIcon } from '../../components/ui/menu-icon';
import { CS_PAGES } from './paths';

const BASE = '/cs';

const ICONS: Record<(typeof CS_PAGES)[number]['path'], TMenuIcon> = {
  conversations: MessageOutlined,
  insights: BarChartOutlined,
  canned: SnippetsOutlined,
};

function CsSection({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation('cs');
  return <ConsolePageHead title={t(labelKey)} />;
}

/** The pages come from the chat feature through `areaPages` (app/console-pages.ts). */
export default function CsConsole({ areaPages = {} }: { areaPages?: TConsolePages }) {
  // Loads the console's dictionaries before its pages render.
  useTranslation(['cs', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = async () => {
    await logoutStaff().catch(() => undefined);
    queryClient.setQueryData(STAFF_ME_KEY, null);
    await navigate(`${BASE}/login`);
  };
  return (
    <Routes>
      <Route path="login" element={<StaffLoginPage titleKey="cs:login.title" basePath={BASE} />} />
      <Route
        element={
          <StaffGuard basePath={BASE} permission="chat.answer">
            {(staff) => (
              <ConsoleLayout
                namespace="cs"
                basePath={BASE}
                titleKey="title"
                userName={staff.displayName}
                onLogout={logout}
                menu={CS_PAGES.map((page) => ({
                  path: page.path,
                  labelKey: page.labelKey,
                  icon: ICONS[page.path],
                  preload: areaPages[page.path]?.preload,
                }))}
              />
            )}
          </StaffGuard>
        }
      >
        <Route index element={<Navigate to={`${BASE}/conversations`} replace />} />
        {CS_PAGES.map(({ path, labelKey }) => {
          const Page = areaPages[path];
          return (
            <Route key={path} path={path} element={Page ? <Page /> : <CsSection labelKey={labelKey} />} />
          );
        })}
        <Route path="*" element={<ConsoleNotFound basePath={BASE} />} />
      </Route>
    </Routes>
  );
}
