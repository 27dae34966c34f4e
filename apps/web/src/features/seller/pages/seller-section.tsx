import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';

/** Frame of a seller-panel section until its team replaces it (see apps/web/README.md). */
export function SellerSection({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation('seller');
  return <ConsolePageHead title={t(labelKey)} />;
}
