import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../../lib/public-settings';

const APP_LINK_CODES = { buyer: 'app_download_buyer_url', seller: 'app_download_seller_url' } as const;

/** The buyer and seller app download pages the platform publishes (settings; empty: not offered); undefined until read. */
function useAppLinks(): { buyer: string | null; seller: string | null } | undefined {
  const settings = usePublicSettings(Object.values(APP_LINK_CODES)).data;
  return (
    settings && {
      buyer: settings[APP_LINK_CODES.buyer] || null,
      seller: settings[APP_LINK_CODES.seller] || null,
    }
  );
}

/** A QR code and the link of each published app, so a phone can scan it from this page. */
export function AppQrCodes() {
  const { t } = useTranslation('account');
  const links = useAppLinks();
  if (!links) {
    return null;
  }
  const apps = (['buyer', 'seller'] as const).filter((app) => links[app]);
  if (apps.length === 0) {
    return <p className="cv-muted">{t('download.notPublished')}</p>;
  }
  return (
    <>
      {apps.map((app) => {
        const url = links[app] ?? '';
        return (
          <section key={app} className="cv-download__card cv-download__qr" data-testid={`app-qr-${app}`}>
            <h2>{t(`download.${app}App`)}</h2>
            <QRCodeSVG
              value={url}
              size={148}
              marginSize={2}
              title={t('download.qrTitle', { app: t(`download.${app}App`) })}
            />
            <p>{t('download.scan')}</p>
            <a href={url} target="_blank" rel="noopener noreferrer" dir="ltr">
              {t('download.open')}
            </a>
          </section>
        );
      })}
    </>
  );
}
