/** Customer-service console sections under /cs (staff with chat.answer). */
export const CS_PAGES = [
  { path: 'conversations', labelKey: 'menu.conversations' },
  { path: 'insights', labelKey: 'menu.insights' },
  { path: 'canned', labelKey: 'menu.canned' },
] as const;

export const CS_ROUTE_PATHS = ['/cs', '/cs/login', ...CS_PAGES.map((p) => `/cs/${p.path}`)];
