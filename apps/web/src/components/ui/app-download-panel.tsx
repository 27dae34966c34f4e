import { AndroidOutlined, AppleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

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
