import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { describeUserAgent } from './service';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

type TList = {
  list: {
    id: string;
    browser: string;
    os: string;
    place: string | null;
    countryCode: string | null;
    isLocalNetwork: boolean;
    lastSeenAt: string;
    isCurrent: boolean;
  }[];
};

async function account() {
  const name = `device${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = 'tulipS9x42';
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: { 'user-agent': CHROME_WINDOWS },
    payload: { accountType: 'username', account: name, password, confirmPassword: password },
  });
  const login = async (ua: string) =>
    json<{ token: string }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'user-agent': ua },
        payload: { accountType: 'username', account: name, password },
      }),
    ).token;
  return { first: json<{ token: string }>(reg).token, phone: await login(SAFARI_IPHONE), login };
}

const list = async (token: string) =>
  json<TList>(
    await ctx.app.inject({ method: 'GET', url: '/api/v1/account/sessions', headers: bearer(token) }),
  ).list;

describe('signed-in devices', () => {
  it('names browsers and systems from the User-Agent', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toEqual({ browser: 'Chrome', os: 'Windows' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(describeUserAgent(null)).toEqual({ browser: '', os: '' });
  });

  it('lists the devices with browser, place and last seen; the heartbeat keeps last seen', async () => {
    const { first, phone } = await account();
    const devices = await list(first);
    expect(devices).toHaveLength(2);
    expect(devices.find((d) => d.isCurrent)).toMatchObject({
      browser: 'Chrome',
      os: 'Windows',
      place: '127.0.0.1',
      countryCode: null,
      isLocalNetwork: true,
    });
    expect(devices.find((d) => !d.isCurrent)).toMatchObject({ browser: 'Safari', os: 'iOS' });

    await ctx.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '2 hours'` });
    const beat = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/heartbeat',
      headers: bearer(phone),
    });
    expect(beat.statusCode).toBe(200);
    const after = await list(first);
    const phoneRow = after.find((d) => d.browser === 'Safari')!;
    expect(Date.now() - new Date(phoneRow.lastSeenAt).getTime()).toBeLessThan(60_000);
  });

  it('places each device in the country of its address, a private address in the local network', async () => {
    const { first } = await account();
    const phoneSession = (await list(first)).find((d) => !d.isCurrent)!;
    await ctx.database.db
      .update(sessions)
      .set({ ip: '217.160.0.1' })
      .where(eq(sessions.id, BigInt(phoneSession.id)));
    expect((await list(first)).find((d) => d.id === phoneSession.id)).toMatchObject({
      place: '217.160.0.1',
      countryCode: 'DE',
      isLocalNetwork: false,
    });
    await ctx.database.db
      .update(sessions)
      .set({ ip: '192.168.1.20' })
      .where(eq(sessions.id, BigInt(phoneSession.id)));
    expect((await list(first)).find((d) => d.id === phoneSession.id)).toMatchObject({
      countryCode: null,
      isLocalNetwork: true,
    });
  });

  it('signs out one device, or all others, and never another account\u2019s', async () => {
    const { first, phone, login } = await account();
    const stranger = await account();
    const phoneId = (await list(first)).find((d) => !d.isCurrent)!.id;
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/account/sessions/${phoneId}`,
      headers: bearer(stranger.first),
    });
    expect(foreign.statusCode).toBe(404);
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/account/sessions/${phoneId}`,
      headers: bearer(first),
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(phone) })).statusCode,
    ).toBe(401);

    await login(SAFARI_IPHONE);
    await login(CHROME_WINDOWS);
    const others = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/sessions/sign-out-others',
      headers: bearer(first),
    });
    expect(json(others)).toEqual({ ok: true, signedOut: 2 });
    const left = await list(first);
    expect(left).toHaveLength(1);
    expect(left[0]!.isCurrent).toBe(true);
    expect((await list(stranger.first)).length).toBe(2);
    const bad = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/sessions/abc',
      headers: bearer(first),
    });
    expect(bad.statusCode).toBe(400);
    const rows = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, BigInt(phoneId)));
    expect(rows).toHaveLength(0);
  });
});

describe('invitations and the numbered avatar', () => {
  it('shares the invitation code as a link, counts who registered with it and records who invited whom', async () => {
    const inviter = await account();
    const mine = json<{
      invitationCode: string;
      shareUrl: string;
      invitedCount: number;
      invitedBy: string | null;
    }>(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/account/referrals',
        headers: bearer(inviter.first),
      }),
    );
    expect(mine.invitedCount).toBe(0);
    expect(mine.shareUrl).toBe(`http://localhost:3000/register?code=${mine.invitationCode}`);
    const password = 'tulipS9x42';
    const friend = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        accountType: 'username',
        account: `friend${Date.now().toString(36)}`,
        password,
        confirmPassword: password,
        invitationCode: mine.invitationCode.toLowerCase(),
      },
    });
    expect(friend.statusCode).toBe(201);
    const after = json<{ invitedCount: number }>(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/account/referrals',
        headers: bearer(inviter.first),
      }),
    );
    expect(after.invitedCount).toBe(1);
    const friendView = json<{ invitedBy: string | null }>(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/account/referrals',
        headers: bearer(json<{ token: string }>(friend).token),
      }),
    );
    const me = json<{ user: { usercode: string } }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(inviter.first) }),
    );
    expect(friendView.invitedBy).toBe(me.user.usercode);
  });

  it('changes the avatar through the legacy localuser!refreshAvatar call, within 1-20', async () => {
    const { first } = await account();
    const call = (avatar: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/localuser!refreshAvatar.action?token=${first}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `avatar=${avatar}`,
      });
    expect((await call('7')).json()).toEqual({ code: 0, msg: '', data: { avatar: 7 } });
    expect((await call('21')).json()).toMatchObject({ code: 1 });
    const me = json<{ user: { avatar: number } }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(first) }),
    );
    expect(me.user.avatar).toBe(7);
  });
});
