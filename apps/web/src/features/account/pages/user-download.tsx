import { AppDownloadPanel } from '../../../components/ui/app-download-panel';
import { InstallAppButton } from '../../../components/ui/install-app-button';
import { PageFrame } from '../../../components/ui/page-frame';

export default function UserDownloadPage() {
  return (
    <PageFrame
      titleKey="routes.userDownload"
      crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}
    >
      <AppDownloadPanel />
      <InstallAppButton />
    </PageFrame>
  );
}
