import type { TCrumb } from '../../../components/ui/page-frame';

export const SETUP_CRUMBS: TCrumb[] = [
  { labelKey: 'routes.userInfo', to: '/userInfo/dashboard' },
  { labelKey: 'routes.setup', to: '/userInfo/setup' },
];
