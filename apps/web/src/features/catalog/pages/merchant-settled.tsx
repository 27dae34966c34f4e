import { PageFrame } from '../../../components/ui/page-frame';

/** Page frame owned by the catalog team; the shell only provides its title and breadcrumb. */
export default function MerchantSettledPage() {
  return <PageFrame titleKey="routes.merchantSettled" />;
}
