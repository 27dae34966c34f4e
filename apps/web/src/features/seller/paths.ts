/** Seller panel sections under /seller; each team maps its page in SELLER_AREA_PAGES (app/console-pages.ts). */
export const SELLER_PAGES = [
  { path: 'dashboard', labelKey: 'menu.dashboard' },
  { path: 'products', labelKey: 'menu.products' },
  { path: 'stock', labelKey: 'menu.stock' },
  { path: 'orders', labelKey: 'menu.orders' },
  { path: 'refunds', labelKey: 'menu.refunds' },
  { path: 'reviews', labelKey: 'menu.reviews' },
  { path: 'settlement', labelKey: 'menu.settlement' },
  { path: 'shop', labelKey: 'menu.shop' },
  { path: 'chat', labelKey: 'menu.chat' },
  { path: 'notifications', labelKey: 'menu.notifications' },
] as const;

export const SELLER_ROUTE_PATHS = [
  '/seller',
  '/seller/login',
  ...SELLER_PAGES.map((p) => `/seller/${p.path}`),
];
