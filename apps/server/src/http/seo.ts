import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listSitemapEntries, listSitemapFiles, SITEMAP_KINDS, type TSitemapKind } from '../modules/catalog';

/** Where each kind's pages live on the storefront. */
const PAGE_PATH: Record<TSitemapKind, string> = {
  products: '/productDetails?id=',
  stores: '/store?id=',
  categories: '/classification?id=',
};

/** Pages that are private, per visitor or without content of their own: not for search engines. */
const DISALLOWED = [
  '/api/',
  '/userInfo',
  '/seller',
  '/admin',
  '/cs',
  '/settlement',
  '/paySuccess',
  '/login',
  '/register',
  '/forgot-password',
  // The application and the buyer's loans; /credit itself is the public loan offer, for crawlers too.
  '/credit/',
];

const ZSitemapFile = z.strictObject({
  kind: z.enum(SITEMAP_KINDS),
  file: z.coerce.number().int().min(1).max(100_000),
});

function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** robots.txt and sitemap.xml, a sitemap index over products, stores and categories (issue 11). */
export async function registerSeoRoutes(app: FastifyInstance): Promise<void> {
  const origin = () => app.deps.config.PUBLIC_URL.replace(/\/$/, '');

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${origin()}/sitemap.xml`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const files = await listSitemapFiles(app.deps.readDb);
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...files.map(({ kind, file, lastmod }) => {
        const loc = `<loc>${escapeXml(`${origin()}/sitemaps/${kind}-${file}.xml`)}</loc>`;
        return `<sitemap>${loc}${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`;
      }),
      '</sitemapindex>',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(body);
  });

  app.get<{ Params: { name: string } }>(
    '/sitemaps/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = request.params.name.match(/^([a-z]+)-(\d{1,6})\.xml$/);
      const parsed = ZSitemapFile.safeParse({ kind: match?.[1], file: match?.[2] });
      if (!parsed.success) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
      }
      const { kind, file } = parsed.data;
      const files = await listSitemapFiles(app.deps.readDb);
      if (!files.some((known) => known.kind === kind && known.file === file)) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
      }
      const entries = await listSitemapEntries(app.deps.readDb, kind, file);
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...entries.map(
          (entry) =>
            `<url><loc>${escapeXml(`${origin()}${PAGE_PATH[kind]}${entry.id}`)}</loc><lastmod>${entry.lastmod}</lastmod></url>`,
        ),
        '</urlset>',
      ].join('\n');
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(body);
    },
  );
}
