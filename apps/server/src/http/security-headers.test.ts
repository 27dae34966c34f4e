import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { registerUser } from '../modules/auth/test-fixtures';
import { createTestApp, type TTestContext } from '../testing/test-app';

/** Issue 10 defect 6: security headers, Secure cookies behind https, an absolute session lifetime. */
describe('security headers and sessions', () => {
  describe('on plain http', () => {
    let ctx: TTestContext;
    const dist = path.join(os.tmpdir(), `caravan-dist-${process.pid}-${Date.now()}`);
    beforeAll(async () => {
      mkdirSync(dist, { recursive: true });
      writeFileSync(
        path.join(dist, 'index.html'),
        '<!doctype html><html><head><style>body{margin:0}</style></head><body><div id="root"></div>' +
          '<script type="module" src="/assets/index.js"></script></body></html>',
      );
      ctx = await createTestApp({
        SERVE_WEB: 'true',
        WEB_DIST_DIR: dist,
        SESSION_TTL_HOURS: '1',
        SESSION_MAX_HOURS: '2',
      });
    });
    afterAll(async () => {
      await ctx.close();
    });

    it('sends a strict CSP, nosniff, a referrer policy and no framing, and no HSTS on http', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
      );
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['script-src']).toContain("'self'");
      expect(directives['script-src']).not.toContain("'unsafe-inline'");
      expect(directives['script-src']).not.toContain("'unsafe-eval'");
      expect(directives['style-src']).not.toContain("'unsafe-inline'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    });

    it('isolates the client-rendered pages from windows of other sites that open them', async () => {
      // No server build here: every page is the client shell (log-in, user centre, wallet, consoles).
      for (const url of ['/login', '/userInfo/money-package/recharge', '/admin/login', '/index']) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      }
    });

    it('gives the page and its inline style the nonce the CSP names', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/index', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      const nonce = /'nonce-([0-9a-f]+)'/.exec(
        /style-src [^;]+/.exec(String(res.headers['content-security-policy']))![0],
      )?.[1];
      expect(nonce).toBeTruthy();
      expect(res.body).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
      expect(res.body).toContain(`<style nonce="${nonce}">body{margin:0}</style>`);
      // A new nonce for every answer.
      const again = await ctx.app.inject({ method: 'GET', url: '/index', headers: { accept: 'text/html' } });
      expect(again.body).not.toContain(nonce);
    });

    it('never gives two answers the same nonce, across refills of the random pool', async () => {
      const seen = new Set<string>();
      // 300 answers take 600 nonces: more than two fills of the 256-nonce pool.
      for (let i = 0; i < 300; i++) {
        const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
        const nonces = [...String(res.headers['content-security-policy']).matchAll(/'nonce-([^']*)'/g)].map(
          (match) => match[1]!,
        );
        expect(nonces).toHaveLength(2);
        for (const nonce of nonces) {
          expect(nonce).toMatch(/^[0-9a-f]{32}$/);
          seen.add(nonce);
        }
      }
      expect(seen.size).toBe(600);
    });

    it('never extends a session past its absolute lifetime', async () => {
      const { token, user } = await registerUser(ctx.app);
      const db = ctx.database.db;
      // Logged in 90 minutes ago, active all along: the sliding hour would reach 150 minutes after log-in.
      await db
        .update(sessions)
        .set({
          createdAt: sql`now() - interval '90 minutes'`,
          lastSeenAt: sql`now() - interval '5 minutes'`,
        })
        .where(eq(sessions.userId, BigInt(user.id)));
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(200);
      const heartbeat = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/heartbeat',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(heartbeat.statusCode).toBe(200);
      const [row] = await db
        .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.userId, BigInt(user.id)));
      // Two hours after log-in (SESSION_MAX_HOURS), not an hour from now.
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(2 * 3_600_000);
      expect(new Date(heartbeat.json<{ expiresAt: string }>().expiresAt).getTime()).toBe(
        row!.expiresAt.getTime(),
      );
      // Past it, the session is over.
      await db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '3 hours'`, expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(sessions.userId, BigInt(user.id)));
      const late = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(late.statusCode).toBe(401);
    });
  });

  it('sends HSTS and Secure cookies when the public address is https', async () => {
    const ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          accountType: 'username',
          account: `hsts${Date.now()}`,
          password: 'Qx7-walnut',
          confirmPassword: 'Qx7-walnut',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await ctx.close();
    }
  });

  it('behind a trusted proxy, follows X-Forwarded-Proto for HSTS and Secure cookies', async () => {
    const ctx = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const register = (proto: string | undefined) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          headers: proto ? { 'x-forwarded-proto': proto } : {},
          payload: {
            accountType: 'username',
            account: `proxy${proto ?? 'none'}${Date.now()}`,
            password: 'Qx7-walnut',
            confirmPassword: 'Qx7-walnut',
          },
        });
      const secure = await register('https');
      expect(secure.statusCode).toBe(201);
      expect(String(secure.headers['set-cookie'])).toMatch(/; Secure/);
      expect(secure.headers['strict-transport-security']).toBeDefined();
      const plain = await register(undefined);
      expect(plain.statusCode).toBe(201);
      expect(String(plain.headers['set-cookie'])).not.toMatch(/; Secure/);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });
});
