import type { ComponentType } from 'react';
import { ensureDayjsLocale } from './i18n';

type TModule<P> = { default: ComponentType<P>; preload?: () => Promise<unknown> };

/**
 * Loads a module whose default export uses Ant Design together with AntdScope and hands React.lazy the
 * component inside the scope. Only the dynamic import names AntdScope, so Ant Design stays out of the
 * storefront's first load.
 */
export async function scopeWithAntd<P extends object>(loading: Promise<TModule<P>>): Promise<TModule<P>> {
  // Ant Design's pickers and the pages that show dates use dayjs: its locale is set before they render.
  const [module, { withAntdScope }] = await Promise.all([
    loading,
    import('../components/ui/antd-scope'),
    ensureDayjsLocale(),
  ]);
  return { ...module, default: withAntdScope(module.default) };
}
