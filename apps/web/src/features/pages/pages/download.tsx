import { AppDownload } from '../../../components/ui/app-download-panel';
import { PageFrame } from '../../../components/ui/page-frame';

export default function DownloadPage() {
  return (
    <PageFrame titleKey="routes.download">
      <AppDownload />
    </PageFrame>
  );
}
