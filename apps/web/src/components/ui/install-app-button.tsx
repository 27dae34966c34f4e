import { DownloadOutlined } from '@ant-design/icons';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getInstallState,
  promptInstall,
  subscribeInstallState,
  type TInstallState,
} from '../../lib/install-prompt';
import { LightButton } from './light-button';

const getServerInstallState = (): TInstallState => 'manual';

/** "Install the app": the installable web app (manifest + service worker) beside the store apps. */
export function InstallAppButton() {
  const { t } = useTranslation('pwa');
  const state = useSyncExternalStore(subscribeInstallState, getInstallState, getServerInstallState);
  const [isManualShown, setIsManualShown] = useState(false);
  if (state === 'installed') {
    return (
      <p className="cv-muted" data-testid="install-app-done">
        {t('install.installed')}
      </p>
    );
  }
  return (
    <section className="cv-download__card" data-testid="install-app">
      <h2>{t('install.button')}</h2>
      <p>{t('install.hint')}</p>
      <LightButton
        variant="primary"
        onClick={() => {
          void promptInstall().then((isPrompted) => setIsManualShown(!isPrompted));
        }}
      >
        <DownloadOutlined aria-hidden="true" /> {t('install.button')}
      </LightButton>
      {isManualShown && (
        <p className="cv-muted" role="status">
          {t('install.manual')}
        </p>
      )}
    </section>
  );
}
