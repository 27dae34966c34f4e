// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isServerRenderedPath, renderPage } from '../../entry-server';

describe('the subscription mail pages on the server', () => {
  it('are rendered with the public pages, 200 and kept out of search indexes, without any token', async () => {
    for (const [path, heading] of [
      ['/subscription/confirm', 'Confirm your subscription'],
      ['/subscription/unsubscribe', 'Unsubscribe from offers'],
    ] as const) {
      expect(isServerRenderedPath(path)).toBe(true);
      const page = await renderPage({
        url: `${path}?lang=en`,
        lang: 'en',
        origin: 'https://caravan.example',
        read: async () => null,
      });
      expect(page?.status, path).toBe(200);
      expect(page?.head, path).toContain('<meta name="robots" content="noindex">');
      expect(page?.html, path).toContain(heading);
      // The fragment never reaches the server: the button waits for the browser to read it.
      expect(page?.html, path).toMatch(/<button[^>]*disabled/);
    }
  }, 60_000);
});
