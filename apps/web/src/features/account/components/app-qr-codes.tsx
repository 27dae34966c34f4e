import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';

const APP_LINK_CODES = { buyer: 'app_download_buyer_url', seller: 'app_download_seller_url' } as const;

/** The buyer and seller app download pages the platform publishes (settings; empty: not offered). */
export function useAppLinks() {
  return useQuery({
    queryKey: ['system-params', 'app-links'],
    queryFn: async () => {
      const { data } = await api.get<{ data: Record<string, string> }>('/system-params', {
        query: { codes: Object.values(APP_LINK_CODES).join(',') },
      });
      return {
        buyer: data[APP_LINK_CODES.buyer] || null,
        seller: data[APP_LINK_CODES.seller] || null,
      };
    },
    staleTime: 5 * 60_000,
  });
}

/** A QR code and the link of each published app, so a phone can scan it from this page. */
export function AppQrCodes() {
  const { t } = useTranslation('account');
  const links = useAppLinks();
  if (!links.data) {
    return null;
  }
  const apps = (['buyer', 'seller'] as const).filter((app) => links.data[app]);
  if (apps.length === 0) {
    return <p className="cv-muted">{t('download.notPublished')}</p>;
  }
  return (
    <>
      {apps.map((app) => {
        const url = links.data[app] ?? '';
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
