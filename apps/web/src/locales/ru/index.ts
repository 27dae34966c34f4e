/**
 * This language's dictionaries, each loaded on demand (lib/i18n.ts). One table per language keeps the list of
 * every language's files out of the first page load (docs/decisions.md, web vitals).
 */
export const WEB = import.meta.glob<{ default: Record<string, unknown> }>('./*.json');
export const SHARED = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../../../packages/contracts/locales/ru/{errors,validation}.json',
);
