import { generate } from 'otplib';
import type { APIResponse, Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, uniqueName } from './browser';

/**
 * Issue 16 in the browser: the dashboard, a category moved and seen in two languages, a banner for Arabic only,
 * and TOTP enrolment and sign-in (with a staff member of its own, so other tests keep logging in as admin).
 */
const ADMIN = { username: 'admin', password: 'admin123' };

function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 15_000, interval: 250 });
}

async function readJson<T>(res: APIResponse): Promise<T> {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

type TNode = { id: string; name: string; children: TNode[] };

describe('platform console in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens on the dashboard with figures, charts and a CSV export', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/login');
    await page.getByLabel('Username', { exact: true }).fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/admin/dashboard');
    await poll(() => page.locator('[data-figure="gmv"]').count()).toBe(1);
    await page.getByText('30 days', { exact: true }).click();
    await poll(() => page.locator('.recharts-wrapper').count()).toBeGreaterThan(0);
    const href = await page.getByRole('link', { name: /Export CSV/ }).getAttribute('href');
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\n')[0]).toContain('day,gmv,deposits');
    await context.close();
  });

  it('moves a category and the storefront follows in two languages; a banner shows in Arabic only', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await readJson(await page.request.post('/api/v1/admin/auth/login', { data: ADMIN }));
    const tree = await readJson<{ categories: TNode[] }>(
      await page.request.get('/api/v1/catalog/categories'),
    );
    const [first, second] = tree.categories;
    const moving = first!.children[0]!;
    await readJson(
      await page.request.put(`/api/v1/admin/catalog/categories/${moving.id}`, {
        data: { parentId: second!.id },
      }),
    );
    let germanParentName = '';
    for (const lang of ['en', 'de']) {
      const after = await readJson<{ categories: TNode[] }>(
        await page.request.get(`/api/v1/catalog/categories?lang=${lang}`),
      );
      const parent = after.categories.find((c) => c.id === second!.id);
      expect(parent?.children.map((c) => c.id)).toContain(moving.id);
      if (lang === 'de') {
        germanParentName = parent!.name;
      }
    }
    // The storefront's category page, in German, shows the new parent.
    await page.goto('/classification?lang=de');
    await poll(() => page.getByText(germanParentName).count()).toBeGreaterThan(0);
    // Put it back for the other browser tests.
    await readJson(
      await page.request.put(`/api/v1/admin/catalog/categories/${moving.id}`, {
        data: { parentId: first!.id },
      }),
    );

    // A banner for Arabic only, with its own words over a wordless picture.
    const png = await sharp({ create: { width: 1920, height: 600, channels: 3, background: '#B45309' } })
      .png()
      .toBuffer();
    const uploaded = await readJson<{ url: string }>(
      await page.request.post('/api/v1/uploads', {
        multipart: { moduleName: 'banner', file: { name: 'banner.png', mimeType: 'image/png', buffer: png } },
      }),
    );
    const arabicTitle = `عروض ${Date.now().toString(36)}`;
    const banner = await readJson<{ id: string }>(
      await page.request.post('/api/v1/admin/catalog/banners', {
        data: {
          titles: { ar: arabicTitle },
          imageRef: uploaded.url,
          languages: ['ar'],
          sort: 0,
          link: '/discounted',
        },
      }),
    );
    await page.goto('/index?lang=ar');
    await poll(() => page.locator('.cv-carousel__title', { hasText: arabicTitle }).count()).toBe(1);
    await page.goto('/index?lang=en');
    await poll(() => page.locator('.cv-carousel').count()).toBeGreaterThan(0);
    expect(await page.getByText(arabicTitle).count()).toBe(0);
    await readJson(await page.request.delete(`/api/v1/admin/catalog/banners/${banner.id}`));
    await context.close();
  });

  it('a staff member enrols TOTP with the QR code page and then signs in with a code', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    await readJson(await page.request.post('/api/v1/admin/auth/login', { data: ADMIN }));
    const roles = await readJson<{ data: { id: string; name: string }[] }>(
      await page.request.get('/api/v1/admin/roles'),
    );
    const finance = roles.data.find((r) => r.name === 'Finance reviewer')!;
    const member = { username: uniqueName('totp'), password: 'totp1234' };
    await readJson(
      await page.request.post('/api/v1/admin/staff', {
        data: { ...member, displayName: 'TOTP reviewer', roleId: finance.id },
      }),
    );
    await context.clearCookies();

    await page.goto('/admin/login');
    await page.getByLabel('Username', { exact: true }).fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => new URL(page.url()).pathname).not.toBe('/admin/login');
    await page.goto('/admin/security');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await poll(() => page.getByRole('img', { name: /QR code/ }).count()).toBe(1);
    const secret = (await page.locator('.ant-typography code').first().textContent())!.trim();
    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await poll(() => page.getByText('The authenticator app is on').count()).toBeGreaterThan(0);
    expect(await page.locator('.cv-totp__codes li').count()).toBe(10);

    await context.clearCookies();
    await page.goto('/admin/login');
    await page.getByLabel('Username', { exact: true }).fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => page.getByLabel('Authenticator code').count()).toBe(1);
    // The next 30-second step: the enrolment code's step cannot be used twice.
    await page
      .getByLabel('Authenticator code')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => new URL(page.url()).pathname).not.toBe('/admin/login');
    await context.close();
  });
});
