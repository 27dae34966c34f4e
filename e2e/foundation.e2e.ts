import { describe, expect, it } from 'vitest';
import { newPage, uniqueName } from './browser';
import { poll, useBrowser } from './harness';

/** Issue 2's browser checks: register, log out, log in, lockout, Arabic right to left, footer links for visitors. */
describe('foundation in the browser', () => {
  const browser = useBrowser();

  it('registers, logs out and logs in again', async () => {
    const { context, page } = await newPage(browser());
    const username = uniqueName('e2e');
    // The header's unread counts asked while logged in are answered only after the log-out (401 then): such a late
    // answer once sent the page to "/" twice and left it there, blank (a CI run saw it).
    let releaseCounts: () => void = () => undefined;
    const logoutAnswered = new Promise<void>((resolve) => {
      releaseCounts = resolve;
    });
    const unreadCounts = /\/api\/v1\/(notifications|chat)\/unread/;
    let heldCounts = 0;
    let refusedCounts = 0;
    await page.route(unreadCounts, async (route) => {
      heldCounts += 1;
      await logoutAnswered;
      await route.continue();
    });
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/auth/logout')) {
        releaseCounts();
      } else if (unreadCounts.test(response.url()) && response.status() === 401) {
        refusedCounts += 1;
      }
    });
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill('Sekrit-12x');
    await page.getByLabel('Confirm password', { exact: true }).fill('Sekrit-12x');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const header = page.locator('header');
    await poll(() => header.getByText(username).count()).toBeGreaterThan(0);

    await poll(() => heldCounts).toBeGreaterThan(0);
    const pathsAfterLogout: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) {
        pathsAfterLogout.push(new URL(frame.url()).pathname);
      }
    });
    await header.getByRole('button', { name: /log out/i }).click();
    // Log out asks first (DESIGN: destructive actions confirm).
    await header.getByRole('dialog').getByRole('button', { name: 'Log out', exact: true }).click();
    await poll(() => refusedCounts).toBeGreaterThan(0);
    await poll(() => page.getByText('Logged out successfully').count()).toBeGreaterThan(0);
    await poll(() => header.getByRole('link', { name: 'Log in' }).count()).toBeGreaterThan(0);
    // Home once, by the log-out itself; the late answers end no session and move nothing.
    expect(pathsAfterLogout).toEqual(['/index']);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill('Sekrit-12x');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => header.getByText(username).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('asks for the slider check after two wrong passwords and pauses this source after three', async () => {
    const { context, page } = await newPage(browser());
    const username = uniqueName('lock');
    const res = await page.request.post('/api/v1/auth/register', {
      data: { accountType: 'username', account: username, password: 'right123', confirmPassword: 'right123' },
    });
    expect(res.status()).toBe(201);
    await context.clearCookies();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Log in', exact: true });
    const alert = page.locator('.cv-form-alert');
    for (let attempt = 1; attempt <= 2; attempt++) {
      await password.fill(`wrong${attempt}xx`);
      await submit.click();
      // An unknown account would get the same words (issue 10 defect 5).
      await poll(() => alert.textContent()).toContain('Wrong account or password');
    }
    // After two failures the slider check appears (SPEC §8); keyboard users slide it with End.
    const slider = page.getByRole('slider', { name: 'Verification slider' });
    await slider.waitFor();
    await slider.press('End');
    await poll(() => page.getByTestId('human-check').textContent()).toContain('Verified');
    await password.fill('wrong3xx');
    await submit.click();
    await poll(() => alert.textContent()).toContain('wait 3 minutes');
    // Even the right password is refused from here while paused (the check is asked again first).
    await slider.press('End');
    await poll(() => page.getByTestId('human-check').textContent()).toContain('Verified');
    await password.fill('right123');
    await submit.click();
    await poll(() => alert.textContent()).toContain('wait 3 minutes');
    await context.close();
  });

  it('switches to Arabic with ?lang=ar, lays the page out right to left and drops the parameter', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/index?lang=ar');
    await poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
    // The choice is stored: a later visit without the parameter stays Arabic.
    await page.goto('/login');
    await poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.goto('/index?lang=en');
    await poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    // A page rendered in the browser starts in the asked language: one document (it used to load itself again).
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') {
        documents += 1;
      }
    });
    await page.goto('/login?lang=de');
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.getByRole('heading', { name: 'Bei Caravan anmelden' }).waitFor();
    expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
    expect(documents).toBe(1);
    await context.close();
  });

  it("changes the language from the header's menu by keyboard, on the same page, and keeps the choice", async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/commodity?sort=sales');
    const menuButton = page.locator('header summary.cv-lang__button');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const german = page.locator('header').getByRole('link', { name: 'Deutsch' });
    await german.waitFor({ state: 'visible' });
    expect(await german.getAttribute('href')).toBe('/commodity?sort=sales&lang=de');
    await page.keyboard.press('Escape');
    await poll(() => german.isVisible()).toBe(false);

    await menuButton.click();
    await german.click();
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/commodity');
    expect(url.searchParams.get('sort')).toBe('sales');
    expect(url.searchParams.has('lang')).toBe(false);
    await page.goto('/index');
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await context.close();
  });

  it('sends a visitor who clicks a user-centre footer link to /login', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/index');
    await page.locator('footer').getByRole('link', { name: 'Order tracking' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('shrinks the header past 78 px and holds still there, on a wide and a narrow screen', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser(), { width, height: 800 });
      await page.goto('/index');
      await page.getByTestId('home-stores').waitFor({ timeout: 20_000 });
      // Where the page is, from its top, or from its bottom when `top` is 'bottom', and the header's state.
      const headerState = (top: number | 'bottom') =>
        page.evaluate((at) => {
          const { scrollHeight } = document.documentElement;
          const position =
            at === 'bottom' ? scrollHeight - window.innerHeight - window.scrollY : window.scrollY;
          const isCompact = document.querySelector('.cv-header')?.classList.contains('cv-header--compact');
          return `${Math.round(position)} ${isCompact ? 'compact' : 'full'}`;
        }, top);
      // Scrolls to `top`, waits for the header to take the state it has there, then samples it: a header that
      // flickers (it did where shrinking moved the page back above 78 px) changes between the samples, and a page
      // that moves its own scroll position never gets there.
      const expectSettledAt = async (top: number | 'bottom') => {
        const where = `width ${width}, scrolled to ${top}`;
        const expected = top === 'bottom' ? '0 compact' : `${top} ${top > 78 ? 'compact' : 'full'}`;
        await page.evaluate(
          (y) => window.scrollTo(0, y ?? document.documentElement.scrollHeight),
          top === 'bottom' ? null : top,
        );
        await poll(() => headerState(top), { interval: 100, message: where }).toBe(expected);
        const samples = new Set<string>();
        for (let i = 0; i < 6; i++) {
          await page.waitForTimeout(50);
          samples.add(await headerState(top));
        }
        expect(samples, where).toEqual(new Set([expected]));
      };
      for (const y of [80, 90, 120, 60]) {
        await expectSettledAt(y);
      }
      // From near the top straight to the bottom, where the page cannot scroll further: measuring the compact header
      // once laid out a page shorter by the height the header lost, the browser pulled the scroll position up by that
      // much (it stayed 56 px above the bottom), and a click there (a footer link) landed on what had moved under the
      // pointer. The product sections at the bottom lay themselves out when first seen (content-visibility), which
      // moves the end of the page by a few pixels by itself: they are seen once first, and keep their sizes then.
      for (let round = 0, lastHeight = -1; round < 20; round++) {
        const height = await page.evaluate(async () => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return document.documentElement.scrollHeight;
        });
        if (height === lastHeight) {
          break;
        }
        lastHeight = height;
      }
      await expectSettledAt(60);
      await expectSettledAt('bottom');
      await context.close();
    }
  });

  it('answers every route of SPEC §2 with the layout', async () => {
    const { context, page } = await newPage(browser());
    const routes = [
      '/',
      '/index',
      '/classification',
      '/commodity',
      '/information',
      '/discounted',
      '/login',
      '/register',
      '/credit',
      '/about',
      '/privacy-policy',
      '/return-policy',
      '/delivery',
      '/shipping-policy',
      '/admin/login',
      '/seller/login',
      '/cs/login',
    ];
    for (const route of routes) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(200);
      await poll(() => page.locator('#root *').count(), { timeout: 10_000 }).toBeGreaterThan(3);
    }
    await page.goto('/');
    await poll(() => new URL(page.url()).pathname).toBe('/index');
    await context.close();
  });
});
