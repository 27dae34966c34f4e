import { AndroidOutlined, AppleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AppQrCodes } from './app-qr-codes';
import { InstallAppButton } from './install-app-button';

/** What each app offers; store links are published by the platform when the apps are released. */
export function AppDownloadPanel() {
  const { t } = useTranslation('pages');
  return (
    <div className="cv-download">
      {(['buyer', 'seller'] as const).map((app) => (
        <section key={app} className="cv-download__card">
          <h2>{t(`download.${app}Title`)}</h2>
          <p>{t(`download.${app}Body`)}</p>
          <p className="cv-download__platforms">
            <AppleOutlined aria-hidden="true" /> <AndroidOutlined aria-hidden="true" />{' '}
            {t('download.platforms')}
          </p>
        </section>
      ))}
      <p className="cv-muted">{t('download.mobileSite')}</p>
    </div>
  );
}

/**
 * The apps and how to get them: the store links the platform publishes (with QR codes), or that they are not
 * published yet, and installing this site as an app. The public /download page showed the two apps' cards alone,
 * with no way to get either (QA); /userInfo/download had the rest.
 */
export function AppDownload() {
  // The dictionaries of what it shows load with it: one first asked for inside would suspend the page.
  useTranslation(['pages', 'account', 'pwa']);
  return (
    <>
      <AppDownloadPanel />
      <div className="cv-download cv-download--get">
        <AppQrCodes />
        <InstallAppButton />
      </div>
    </>
  );
}
