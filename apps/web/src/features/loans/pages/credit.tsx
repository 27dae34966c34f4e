import { PageFrame } from '../../../components/ui/page-frame';

/** Page frame owned by the loans team; the shell only provides its title and breadcrumb. */
export default function CreditPage() {
  return <PageFrame titleKey="routes.credit" />;
}
