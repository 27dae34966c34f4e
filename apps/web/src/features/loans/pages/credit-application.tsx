import { PageFrame } from '../../../components/ui/page-frame';

/** Page frame owned by the loans team; the shell only provides its title and breadcrumb. */
export default function CreditApplicationPage() {
  return (
    <PageFrame titleKey="routes.creditApplication" crumbs={[{ labelKey: 'routes.credit', to: '/credit' }]} />
  );
}
