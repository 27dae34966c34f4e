import type { TChatConversation, TChatMessage } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type DatabaseHandle, openPostgres, wrapPglite } from '../../db/client';
import { sessions } from '../../db/schema';
import { createTestStaff } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createSession, hashToken } from '../auth';
import { notify } from '../notifications';
import { createTestUser, type TTestUser } from '../orders/test-fixtures';
import { SOCKET_FRAMES_PER_SECOND } from './socket';

/** Redis the test instances share; CI starts one (.ci/run). */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

type TEvent = Record<string, unknown> & { type: string };

/** Collects a socket's JSON events; `next(type, match)` waits for the next one of that type (and shape). */
function listen(socket: WebSocket) {
  const events: TEvent[] = [];
  const waiters: { accepts: (e: TEvent) => boolean; resolve: (e: TEvent) => void }[] = [];
  socket.on('message', (raw: Buffer) => {
    const event = JSON.parse(raw.toString()) as TEvent;
    const index = waiters.findIndex((w) => w.accepts(event));
    if (index >= 0) {
      waiters.splice(index, 1)[0]!.resolve(event);
    } else {
      events.push(event);
    }
  });
  return {
    events,
    next(type: string, match: (e: TEvent) => boolean = () => true, timeoutMs = 3000): Promise<TEvent> {
      const accepts = (e: TEvent) => e.type === type && match(e);
      const index = events.findIndex(accepts);
      if (index >= 0) {
        return Promise.resolve(events.splice(index, 1)[0]!);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${type} event within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          accepts,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
  };
}

const fromOthers = (e: TEvent) => (e.message as TChatMessage).send_receive === 'receive';

type TListener = ReturnType<typeof listen>;

/** Opens a socket with its listener attached before the first frame can arrive. */
async function connect(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ socket: WebSocket; events: TListener; closed: Promise<number> }> {
  let events: TListener | undefined;
  let closedPromise: Promise<number> | undefined;
  const socket = await app.injectWS(
    path,
    { headers },
    {
      onInit: (ws) => {
        events = listen(ws);
        closedPromise = closed(ws);
      },
    },
  );
  return { socket, events: events!, closed: closedPromise! };
}

function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.on('close', (code: number) => resolve(code)));
}

describe('chat socket', () => {
  let ctx: TTestContext;
  let buyer: TTestUser;
  let agent: { id: bigint; token: string };
  let conversationId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    buyer = await createTestUser(ctx.database.db);
    agent = await createTestStaff(ctx.database.db, ['chat.answer']);
    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/chat/conversations',
      headers: bearer(buyer.token),
      payload: { kind: 'service' },
    });
    conversationId = json<TChatConversation>(opened).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('identifies by header or first message, refuses strangers and staff without chat.answer', async () => {
    const { socket: byHeader, events: headerEvents } = await connect(ctx.app, '/ws', bearer(buyer.token));
    expect(await headerEvents.next('hello')).toMatchObject({ party: 'buyer' });
    byHeader.send(JSON.stringify({ type: 'ping' }));
    expect((await headerEvents.next('pong')).at).toEqual(expect.any(Number));
    byHeader.terminate();

    const { socket: legacy, events: legacyEvents } = await connect(ctx.app, '/data/websocket');
    legacy.send(JSON.stringify({ type: 'auth', token: buyer.token }));
    expect(await legacyEvents.next('hello')).toMatchObject({ party: 'buyer' });
    legacy.terminate();

    const { socket: stranger, closed: strangerClosed } = await connect(ctx.app, '/ws');
    stranger.send(JSON.stringify({ type: 'auth', token: 'not-a-session' }));
    expect(await strangerClosed).toBe(4401);

    const clerk = await createTestStaff(ctx.database.db, ['orders.manage']);
    const notAgent = await connect(ctx.app, '/ws?as=staff', bearer(clerk.token));
    expect(await notAgent.closed).toBe(4401);

    const { socket: garbage, events: garbageEvents } = await connect(ctx.app, '/ws', bearer(buyer.token));
    await garbageEvents.next('hello');
    garbage.send('{not json');
    expect(await garbageEvents.next('error')).toMatchObject({ code: 'PARAMETER_ERROR' });
    garbage.terminate();
  });

  it('delivers a message to both sides, with send_receive per reader, and read marks back', async () => {
    const { socket: buyerSocket, events: buyerEvents } = await connect(ctx.app, '/ws', bearer(buyer.token));
    const { socket: agentSocket, events: agentEvents } = await connect(
      ctx.app,
      '/ws?as=staff',
      bearer(agent.token),
    );
    await buyerEvents.next('hello');
    await agentEvents.next('hello');

    buyerSocket.send(
      JSON.stringify({
        type: 'send',
        conversationId,
        message: { type: 'text', content: 'Hello over the socket', clientId: 'ws-1' },
      }),
    );
    const sent = await buyerEvents.next('sent');
    expect(sent.clientId).toBe('ws-1');
    const atAgent = (await agentEvents.next('message')).message as TChatMessage;
    expect(atAgent).toMatchObject({
      content: 'Hello over the socket',
      send_receive: 'receive',
      sender: 'buyer',
    });
    const atBuyer = (await buyerEvents.next('message')).message as TChatMessage;
    expect(atBuyer.send_receive).toBe('send');

    agentSocket.send(JSON.stringify({ type: 'read', conversationId }));
    const read = await buyerEvents.next('read');
    expect(read).toMatchObject({ conversationId, upToId: atAgent.id, by: 'agent' });

    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/cs/conversations/${conversationId}/messages`,
      headers: bearer(agent.token),
      payload: { type: 'text', content: 'Hello back' },
    });
    expect(reply.statusCode).toBe(200);
    expect(((await buyerEvents.next('message', fromOthers)).message as TChatMessage).content).toBe(
      'Hello back',
    );
    expect(await buyerEvents.next('conversation')).toMatchObject({
      status: 'open',
      agentId: String(agent.id),
    });

    // A stranger's conversation id gets an error, not the conversation.
    const other = await createTestUser(ctx.database.db);
    const { socket: otherSocket, events: otherEvents } = await connect(ctx.app, '/ws', bearer(other.token));
    await otherEvents.next('hello');
    otherSocket.send(
      JSON.stringify({
        type: 'send',
        conversationId,
        message: { type: 'text', content: 'x', clientId: 'z' },
      }),
    );
    expect(await otherEvents.next('error')).toMatchObject({ code: 'CHAT_NOT_FOUND', clientId: 'z' });

    // A notification for the buyer rings the socket after its transaction commits.
    await ctx.database.db.transaction(async (tx) => {
      await notify(tx, {
        userId: buyer.id,
        audience: 'buyer',
        event: 'order.shipped',
        params: { orderNo: 'X1' },
      });
    });
    expect(await buyerEvents.next('unread', (e) => e.scope === 'notifications')).toBeTruthy();
    for (const socket of [buyerSocket, agentSocket, otherSocket]) {
      socket.terminate();
    }
  });
  it('closes a socket that floods it with frames (1008), before they queue up behind each other', async () => {
    const flood = await connect(ctx.app, '/ws', bearer(buyer.token));
    await flood.events.next('hello');
    for (let i = 0; i < SOCKET_FRAMES_PER_SECOND + 10; i += 1) {
      flood.socket.send(JSON.stringify({ type: 'read', conversationId }));
    }
    expect(await flood.events.next('error')).toMatchObject({ code: 'TOO_FREQUENT' });
    expect(await flood.closed).toBe(1008);
    // A few frames a second are a person's: answered.
    const calm = await connect(ctx.app, '/ws', bearer(buyer.token));
    await calm.events.next('hello');
    for (let i = 0; i < 5; i += 1) {
      calm.socket.send(JSON.stringify({ type: 'ping' }));
    }
    for (let i = 0; i < 5; i += 1) {
      await calm.events.next('pong');
    }
    calm.socket.terminate();
  });

  it('refuses a session cookie sent by another site, and takes it from ours', async () => {
    const cookie = `caravan_session=${buyer.token}`;
    const foreign = await connect(ctx.app, '/ws', { cookie, origin: 'https://evil.example' });
    expect(await foreign.events.next('error')).toMatchObject({ code: 'FOREIGN_ORIGIN' });
    expect(await foreign.closed).toBe(4403);
    const staffCookie = await connect(ctx.app, '/ws?as=staff', {
      cookie: `caravan_staff_session=${agent.token}`,
      origin: 'https://evil.example',
    });
    expect(await staffCookie.closed).toBe(4403);

    const ours = await connect(ctx.app, '/ws', { cookie, origin: ctx.app.deps.config.PUBLIC_URL });
    expect(await ours.events.next('hello')).toMatchObject({ party: 'buyer' });
    ours.socket.terminate();
    // An app's Bearer header is no cookie: another site's page cannot set it.
    const app = await connect(ctx.app, '/ws', { ...bearer(buyer.token), origin: 'https://evil.example' });
    expect(await app.events.next('hello')).toMatchObject({ party: 'buyer' });
    app.socket.terminate();
  });

  it('closes a socket once its session ends (log-out, signed out, a disabled agent), and never acts for it after', async () => {
    const db = ctx.database.db;
    const user = await createTestUser(db);
    const logIn = async () =>
      (await createSession(db, { audience: 'buyer', userId: user.id, ttlHours: 1 })).token;
    const [first, second] = [await logIn(), await logIn()];
    const one = await connect(ctx.app, '/ws', bearer(first));
    const two = await connect(ctx.app, '/ws', bearer(second));
    await one.events.next('hello');
    await two.events.next('hello');
    // Log-out ends that session only: its socket closes, the other device's stays.
    const out = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(first) });
    expect(out.statusCode, out.body).toBe(200);
    expect(await one.closed).toBe(4401);
    two.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await two.events.next('pong')).toBeTruthy();

    // A session gone without a word on the bus (deleted by hand): the next send is refused and the socket closed.
    await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(second)));
    two.socket.send(
      JSON.stringify({
        type: 'send',
        conversationId,
        message: { type: 'text', content: 'after the end', clientId: 'late' },
      }),
    );
    expect(await two.events.next('error')).toMatchObject({ code: 'NOT_LOGGED_IN' });
    expect(await two.closed).toBe(4401);
    expect(two.events.events.filter((e) => e.type === 'sent')).toEqual([]);

    // An agent disabled by an administrator stops hearing the customers at once.
    const member = await createTestStaff(db, ['chat.answer']);
    const admin = await createTestStaff(db, ['staff.manage', 'chat.answer']);
    const agentSocket = await connect(ctx.app, '/ws?as=staff', bearer(member.token));
    await agentSocket.events.next('hello');
    const disabled = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/staff/${member.id}`,
      headers: bearer(admin.token),
      payload: { status: 'disabled' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await agentSocket.closed).toBe(4401);
  });
});

describe('chat socket across two server instances sharing Redis', () => {
  let ctx: TTestContext;
  let second: { app: FastifyInstance; database: DatabaseHandle; redis: Redis };
  let firstRedis: Redis;
  let buyer: TTestUser;
  let agent: { id: bigint; token: string };

  beforeAll(async () => {
    const prefix = `caravan:test:${process.pid}:${Date.now()}:`;
    ctx = await createTestApp({ REDIS_URL, BUS_CHANNEL_PREFIX: prefix });
    // createTestApp builds its app without a Redis client; rebuild the first instance with one.
    await ctx.app.close();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      RUN_JOBS: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      DATA_DIR: '.tmp/test-data',
      REDIS_URL,
      BUS_CHANNEL_PREFIX: prefix,
    });
    firstRedis = new Redis(REDIS_URL);
    const first = ctx.database;
    ctx.app = await buildApp({ config, db: first.db, readDb: first.db, database: first, redis: firstRedis });
    await ctx.app.ready();
    // The second instance: its own database connection (same database) and its own Redis connection.
    const database =
      first.kind === 'pglite'
        ? wrapPglite(first.pglite!)
        : openPostgres(
            String(
              (first.pool as unknown as { options: { connectionString: string } }).options.connectionString,
            ),
            5,
          );
    const redis = new Redis(REDIS_URL);
    const app = await buildApp({ config, db: database.db, readDb: database.db, database, redis });
    await app.ready();
    second = { app, database, redis };
    buyer = await createTestUser(first.db);
    agent = await createTestStaff(first.db, ['chat.answer']);
  });
  afterAll(async () => {
    await second.app.close();
    second.redis.disconnect();
    if (second.database.kind === 'postgres') {
      await second.database.close();
    }
    await ctx.close();
    firstRedis.disconnect();
  });

  it('a message sent on one instance reaches an agent socket held by the other, and the answer comes back', async () => {
    const { socket: agentSocket, events: agentEvents } = await connect(
      second.app,
      '/ws?as=staff',
      bearer(agent.token),
    );
    const { socket: buyerSocket, events: buyerEvents } = await connect(ctx.app, '/ws', bearer(buyer.token));
    await agentEvents.next('hello');
    await buyerEvents.next('hello');
    await Promise.all([ctx.app.bus.ready(), second.app.bus.ready()]);

    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/chat/conversations',
      headers: bearer(buyer.token),
      payload: { kind: 'service' },
    });
    const id = json<TChatConversation>(opened).id;
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/chat/conversations/${id}/messages`,
      headers: bearer(buyer.token),
      payload: { type: 'text', content: 'Across processes' },
    });
    // Only the Redis fan-out can bring it to a socket held by the other instance. How fast is the chat
    // bench's business (delivery p95), not a timed test's on a loaded test machine.
    const received = (await agentEvents.next('message', fromOthers)).message as TChatMessage;
    expect(received).toMatchObject({ content: 'Across processes', send_receive: 'receive' });

    await second.app.inject({
      method: 'POST',
      url: `/api/v1/cs/conversations/${id}/messages`,
      headers: bearer(agent.token),
      payload: { type: 'text', content: 'Answer from the other instance' },
    });
    const answer = (await buyerEvents.next('message', fromOthers)).message as TChatMessage;
    expect(answer).toMatchObject({ content: 'Answer from the other instance', send_receive: 'receive' });
    // The buyer's socket heard its own message once, not once per instance.
    const own = buyerEvents.events.filter((e) => e.type === 'message');
    expect(own.map((e) => (e.message as TChatMessage).content)).toEqual(['Across processes']);
    agentSocket.terminate();
    buyerSocket.terminate();
  });
});
