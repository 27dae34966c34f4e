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
  const { t } = useTranslation(['cs', 'auth', 'console']);
  return <ConsolePageHead title={t(labelKey)} />;
}

/** The console's frame; only rendered for an agent who can answer chats, so the counts are asked for only then. */
function CsLayout({
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
      namespace="cs"
      basePath={BASE}
      titleKey="title"
      userName={name}
      onLogout={onLogout}
      // A customer waiting is seen from every console page and from another tab (QA M2).
      titleCount={counts.conversations ?? 0}
      menu={CS_PAGES.map((page) => ({
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
 * The pages come from the chat feature through `areaPages` (app/console-pages.ts), keyed by section path; so do
 * the counts beside menu entries (`useMenuCounts`, a hook called on every render of the console).
 */
export default function CsConsole({
  areaPages = {},
  useMenuCounts = useNoCounts,
}: {
  areaPages?: TConsolePages;
  useMenuCounts?: () => Partial<Record<string, number>>;
}) {
  // Loads the console's dictionaries before its pages render.
  useTranslation(['cs', 'common', 'auth', 'console']);
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
              <CsLayout
                areaPages={areaPages}
                name={staff.displayName}
                onLogout={logout}
                useMenuCounts={useMenuCounts}
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
