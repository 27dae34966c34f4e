// @vitest-environment node
import type { TCategoryNode, THomeResponse } from '@caravan/contracts';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../entry-server';

const ICON = '/uploads/img/4e/4e70c6733e9266299c7b16094b42749f-96.webp';

function node(id: string, name: string, icon: string, children: TCategoryNode[] = []): TCategoryNode {
  return { id, parentId: null, level: 1, name, icon, isRecommended: true, children };
}

const TREE = [
  node('1', 'Apparel', ICON, [node('11', 'Men', '', [node('111', 'T-Shirts', '')])]),
  node('2', 'Packaging', ''),
];
const HOME: THomeResponse = {
  banners: [],
  categories: [node('1', 'Apparel', ICON), node('2', 'Packaging', '')],
  recommended: [],
  new: [],
  hot: [],
  guess: [],
  discounted: [],
  stores: [],
};

/** A storefront page rendered on the server with the catalogue above (everything else left to the browser). */
async function renderHtml(url: string, lang: 'en' | 'ar'): Promise<string> {
  const page = await renderPage({
    url,
    lang,
    origin: 'https://caravan.example',
    read: async (path) =>
      path === '/catalog/home'
        ? { isOk: true, data: HOME }
        : path === '/catalog/categories'
          ? { isOk: true, data: { categories: TREE } }
          : null,
  });
  expect(page?.status).toBe(200);
  return page!.html;
}

/** The markup of the element with `marker` in its opening tag (up to its closing `tag`). */
function elementWith(html: string, marker: string, tag: string): string {
  const at = html.indexOf(marker);
  expect(at, marker).toBeGreaterThan(-1);
  const start = html.lastIndexOf(`<${tag}`, at);
  return html.slice(start, html.indexOf(`</${tag}>`, start));
}

/** The `<img>` tags of `html`, each as its attributes. */
function images(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map((match) =>
    Object.fromEntries([...match[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
  );
}

describe('category icons in the server-rendered storefront', () => {
  it('shows the icon before the name of each recommended category on the home page, sized, in both directions', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const html = await renderHtml('/index', lang);
      const apparel = elementWith(html, 'href="/classification?id=1"', 'a');
      expect(images(apparel)).toEqual([
        { class: 'cv-cat-icon', src: ICON, alt: '', width: '24', height: '24', decoding: 'async' },
      ]);
      expect(apparel).toContain('class="cv-chip has-icon"');
      expect(apparel.indexOf('<img')).toBeLessThan(apparel.indexOf('Apparel'));
      // A category without an icon: its name alone, as before.
      const packaging = elementWith(html, 'href="/classification?id=2"', 'a');
      expect(images(packaging)).toEqual([]);
      expect(packaging).toContain('class="cv-chip"');
      expect(packaging).toContain('Packaging');
    }
  });

  it('shows the icons in the top-level list of /classification, keeping an empty place for a category without one', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const html = await renderHtml('/classification?id=111', lang);
      const list = elementWith(html, 'class="cv-cat-nav has-icons"', 'ul');
      expect(images(list)).toEqual([
        { class: 'cv-cat-icon', src: ICON, alt: '', width: '28', height: '28', decoding: 'async' },
      ]);
      const packaging = elementWith(list, '?id=2"', 'a');
      expect(packaging).toMatch(
        /<span class="cv-cat-icon cv-cat-icon--empty" style="width:28px;height:28px" aria-hidden="true"><\/span>Packaging/,
      );
    }
  });

  it('leaves the list of /classification as it was when no category has an icon', async () => {
    TREE[0]!.icon = '';
    try {
      const html = await renderHtml('/classification?id=111', 'en');
      expect(html).toContain('class="cv-cat-nav"');
      expect(html).not.toContain('cv-cat-icon');
    } finally {
      TREE[0]!.icon = ICON;
    }
  });
});
