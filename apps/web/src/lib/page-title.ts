/**
 * The page titles the server writes into <title> (app/page-head.ts) and the pages set once the app runs, in one
 * format: the tab, a link preview and a crawler that runs scripts all read the same title.
 */
export function brandedTitle(title: string, brand: string): string {
  return `${title} · ${brand}`;
}

/** Home's title: the brand and what it offers (no page name before it). */
export function homeTitle(brand: string, tagline: string): string {
  return `${brand}: ${tagline}`;
}

/** A search results page's title: the keyword first, so tabs of several searches tell themselves apart. */
export function searchTitle(keyword: string, title: string): string {
  return keyword === '' ? title : `${keyword} · ${title}`;
}
