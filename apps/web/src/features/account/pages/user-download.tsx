import { AppDownload } from '../../../components/ui/app-download-panel';
import { PageFrame } from '../../../components/ui/page-frame';

export default function UserDownloadPage() {
  return (
    <PageFrame
      titleKey="routes.userDownload"
      crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}
    >
      <AppDownload />
    </PageFrame>
  );
}
