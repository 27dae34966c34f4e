// Apart from lib/format.ts, which brings dayjs: the storefront's first load writes shops' positive rates with it.
/** Languages that write the percent sign first ("%5"), or after a no-break space ("5 %"); the others "5%" (CLDR). */
const PERCENT_SIGN_FIRST = new Set(['tr']);
const PERCENT_SIGN_SPACED = new Set(['de', 'es', 'fr', 'ru']);

/**
 * A figure as a percentage the way the reader's language writes one, the figure itself in the one written form of
 * every amount ("0.05"): Turkish pages mixed "%100" from the dictionaries with "80.4%" from the code. `lang` is the
 * page's (a server-rendered component passes its own, as the global language is not the request's there).
 */
export function percentText(figure: string, lang: string): string {
  if (PERCENT_SIGN_FIRST.has(lang)) {
    return `%${figure}`;
  }
  return PERCENT_SIGN_SPACED.has(lang) ? `${figure}\u00a0%` : `${figure}%`;
}
