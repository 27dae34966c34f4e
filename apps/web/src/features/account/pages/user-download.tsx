import { AppDownloadPanel } from '../../../components/ui/app-download-panel';
import { InstallAppButton } from '../../../components/ui/install-app-button';
import { PageFrame } from '../../../components/ui/page-frame';
import { AppQrCodes } from '../components/app-qr-codes';

export default function UserDownloadPage() {
  return (
    <PageFrame
      titleKey="routes.userDownload"
      crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}
    >
      <AppDownloadPanel />
      <div className="cv-download cv-download--get">
        <AppQrCodes />
        <InstallAppButton />
      </div>
    </PageFrame>
  );
}
