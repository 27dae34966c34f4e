/** Static policy pages: the path is also the `pages` dictionary key (camel-cased). */
export const POLICY_PAGES = [
  'privacy-policy',
  'return-policy',
  'delivery',
  'shipping-policy',
  'about',
] as const;

/** /help/:topic pages. */
export const HELP_TOPICS = [
  'buyer-rules',
  'seller-policy',
  'service-policy',
  'modern-slavery',
  'news',
  'recruitment',
  'careers',
  'partners',
] as const;
