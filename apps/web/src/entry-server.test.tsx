// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { forgetServerFragments } from './app/server-fragment';
import { renderPage, type TRenderResult } from './entry-server';

/** No data: every read stays in the browser, so the pages render their frame and loading states. */
const render = (url: string, lang: 'en' | 'ar') =>
  renderPage({ url, lang, origin: 'https://caravan.example', read: async () => null });

/** What the browser gets: everything but the time stamps React Query puts in the state. */
const comparable = (page: TRenderResult | null) =>
  page && {
    ...page,
    stateJson: page.stateJson.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0'),
    stateParts: undefined,
  };

describe('server rendering with the header and footer spliced in', () => {
  it('gives every page the markup and state it gets when they are rendered, in each language', async () => {
    const urls = [
      '/privacy-policy',
      '/index',
      '/commodity?sort=sales',
      '/help/buyer-rules',
      '/searchResult/tea',
    ];
    for (const lang of ['en', 'ar'] as const) {
      for (const url of urls) {
        forgetServerFragments();
        const rendered = comparable(await render(url, lang));
        const spliced = comparable(await render(url, lang));
        // Fragments another page left (another navigation tab's header, the same footer).
        forgetServerFragments();
        await render(urls.find((other) => other !== url) ?? url, lang);
        const afterOtherPage = comparable(await render(url, lang));
        expect(rendered?.html).toContain('<footer');
        expect(spliced).toEqual(rendered);
        expect(afterOtherPage).toEqual(rendered);
      }
    }
  }, 60_000);
});
