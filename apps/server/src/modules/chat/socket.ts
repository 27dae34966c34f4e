import type { TChatMessage, TChatSendRequest, TSocketServerEvent } from '@caravan/contracts';
import { ZChatSendRequest } from '@caravan/contracts';
import fastifyWebsocket from '@fastify/websocket';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { roles, staff, stores, type TSessionAudience, users } from '../../db/schema';
import { isAppError } from '../../http/app-error';
import { SESSION_COOKIES } from '../../http/auth';
import { isSameOriginRequest } from '../../http/origin-guard';
import { findSession, SESSION_CACHE_TOPIC, type TSessionsChanged } from '../auth';
import { NOTIFICATION_TOPIC, type TNotificationSignal } from '../notifications';
import { findConversationFor, markConversationRead, sideOf } from './conversations';
import { CHAT_TOPIC, type TChatEvent } from './events';
import { markDelivered, sendChatMessage } from './messages';
import { partyKey, type TChatParty } from './party';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether an agent has a socket open on this process (the console shows who is online). */
    chatPresence?: (staffId: string) => boolean;
    /** Open sockets on this process (metrics, bench). */
    chatSocketCount?: () => number;
  }
}

/** Server ping every 25 s; a socket that misses two pongs is closed (the client reconnects). */
export const SOCKET_HEARTBEAT_MS = 25_000;
const SOCKET_MAX_PAYLOAD = 16 * 1024;
/** A socket that has not identified itself within this time is closed. */
const AUTH_TIMEOUT_MS = 10_000;
/** Frames one socket may send in a second; more closes it (1008). */
export const SOCKET_FRAMES_PER_SECOND = 20;
/** Frames of one socket waiting their turn; more closes it. */
const SOCKET_QUEUE_MAX = 50;

const ZClientMessage = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('auth'),
    token: z.string().min(1).max(200),
    as: z.enum(['buyer', 'seller', 'staff']).default('buyer'),
  }),
  z.strictObject({ type: z.literal('ping') }),
  z.strictObject({
    type: z.literal('send'),
    conversationId: z.string().regex(/^\d{1,19}$/),
    message: ZChatSendRequest,
  }),
  z.strictObject({ type: z.literal('delivered'), conversationId: z.string().regex(/^\d{1,19}$/) }),
  z.strictObject({ type: z.literal('read'), conversationId: z.string().regex(/^\d{1,19}$/) }),
]);

/** Who a live session belongs to, and the session: a socket keeps it to check again later. */
type TIdentity = { party: TChatParty; tokenHash: string; expiresAt: number };

type TConnection = TIdentity & {
  socket: WebSocket;
  /** The token and audience the socket identified with: each check resolves them again. */
  token: string;
  audience: TSessionAudience;
};

/** Whether a session still resolves to the party its socket is indexed under (a seller's shop included). */
function isSameParty(a: TChatParty, b: TChatParty): boolean {
  const storeOf = (party: TChatParty) => (party.kind === 'seller' ? party.storeId : undefined);
  return partyKey(a) === partyKey(b) && storeOf(a) === storeOf(b);
}

/** The sockets this process holds, indexed by who may receive what. */
class SocketHub {
  private readonly buyers = new Map<string, Set<TConnection>>();
  private readonly stores = new Map<string, Set<TConnection>>();
  private readonly sellerUsers = new Map<string, Set<TConnection>>();
  private readonly agentsById = new Map<string, Set<TConnection>>();
  private readonly byToken = new Map<string, Set<TConnection>>();
  readonly agents = new Set<TConnection>();
  readonly all = new Set<TConnection>();
  count = 0;

  private static put(index: Map<string, Set<TConnection>>, key: string, connection: TConnection) {
    let set = index.get(key);
    if (!set) {
      set = new Set();
      index.set(key, set);
    }
    set.add(connection);
  }
  private static drop(index: Map<string, Set<TConnection>>, key: string, connection: TConnection) {
    const set = index.get(key);
    set?.delete(connection);
    if (set && set.size === 0) {
      index.delete(key);
    }
  }

  add(connection: TConnection) {
    this.count += 1;
    this.all.add(connection);
    SocketHub.put(this.byToken, connection.tokenHash, connection);
    const { party } = connection;
    if (party.kind === 'buyer') {
      SocketHub.put(this.buyers, String(party.userId), connection);
    } else if (party.kind === 'seller') {
      SocketHub.put(this.stores, String(party.storeId), connection);
      SocketHub.put(this.sellerUsers, String(party.userId), connection);
    } else {
      this.agents.add(connection);
      SocketHub.put(this.agentsById, String(party.staffId), connection);
    }
  }

  remove(connection: TConnection) {
    if (!this.all.has(connection)) {
      return;
    }
    this.count -= 1;
    this.all.delete(connection);
    SocketHub.drop(this.byToken, connection.tokenHash, connection);
    const { party } = connection;
    if (party.kind === 'buyer') {
      SocketHub.drop(this.buyers, String(party.userId), connection);
    } else if (party.kind === 'seller') {
      SocketHub.drop(this.stores, String(party.storeId), connection);
      SocketHub.drop(this.sellerUsers, String(party.userId), connection);
    } else {
      this.agents.delete(connection);
      SocketHub.drop(this.agentsById, String(party.staffId), connection);
    }
  }

  /**
   * The sockets whose session a SESSION_CACHE_TOPIC message may have ended or narrowed: that session's, that
   * account's (buyer and seller sockets of a user, or an agent's), and every agent's when it names no one (a
   * role's permissions changed).
   */
  *affectedBy(changed: TSessionsChanged): Iterable<TConnection> {
    if (changed.tokenHash) {
      yield* this.byToken.get(changed.tokenHash) ?? [];
    }
    if (changed.userId) {
      yield* this.buyers.get(changed.userId) ?? [];
      yield* this.sellerUsers.get(changed.userId) ?? [];
    }
    if (changed.staffId) {
      yield* this.agentsById.get(changed.staffId) ?? [];
    }
    if (!changed.tokenHash && !changed.userId && !changed.staffId) {
      yield* this.agents;
    }
  }

  isAgentOnline(staffId: string): boolean {
    return this.agentsById.has(staffId);
  }

  /** Both sides of a conversation: its buyer, and its shop or every agent. */
  *recipientsOf(route: TChatEvent['route']): Iterable<TConnection> {
    yield* this.buyers.get(route.buyerUserId) ?? [];
    if (route.kind === 'shop') {
      yield* route.storeId ? (this.stores.get(route.storeId) ?? []) : [];
    } else {
      yield* this.agents;
    }
  }

  recipientsOfNotification(signal: TNotificationSignal): Iterable<TConnection> {
    return (signal.audience === 'buyer' ? this.buyers : this.sellerUsers).get(signal.userId) ?? [];
  }
}

function send(socket: WebSocket, event: TSocketServerEvent | Record<string, unknown>) {
  if (socket.readyState === socket.OPEN) {
    socket.send(JSON.stringify(event));
  }
}

function deliver(hub: SocketHub, event: TChatEvent) {
  for (const connection of hub.recipientsOf(event.route)) {
    const side = sideOf(connection.party);
    switch (event.type) {
      case 'message': {
        const message: TChatMessage = {
          ...event.message,
          send_receive: event.message.sender === side ? 'send' : 'receive',
        };
        send(connection.socket, { type: 'message', message });
        break;
      }
      case 'delivered':
      case 'read':
        send(connection.socket, {
          type: event.type,
          conversationId: event.route.conversationId,
          upToId: event.upToId,
          by: event.by,
        });
        break;
      case 'conversation':
        send(connection.socket, {
          type: 'conversation',
          conversationId: event.route.conversationId,
          status: event.status,
          agentId: event.agentId,
        });
        break;
      case 'unread':
        send(connection.socket, { type: 'unread', scope: 'chat' });
        break;
    }
  }
}

/** Who the token belongs to, as a chat party with its session; null when it is no live session of that audience. */
async function resolveIdentity(
  app: FastifyInstance,
  token: string,
  audience: TSessionAudience,
): Promise<TIdentity | null> {
  const found = await findSession(app.deps.db, token, audience);
  if (!found || found.isExpired) {
    return null;
  }
  const party = await resolveParty(app, found.session, audience);
  return party
    ? { party, tokenHash: found.session.tokenHash, expiresAt: found.session.expiresAt.getTime() }
    : null;
}

/** The chat party of a live session: an active account, an agent who may answer chats, a seller with a shop. */
async function resolveParty(
  app: FastifyInstance,
  session: { staffId: bigint | null; userId: bigint | null },
  audience: TSessionAudience,
): Promise<TChatParty | null> {
  const { db } = app.deps;
  if (audience === 'staff') {
    if (!session.staffId) {
      return null;
    }
    const [member] = await db
      .select({
        id: staff.id,
        username: staff.username,
        status: staff.status,
        permissions: roles.permissions,
      })
      .from(staff)
      .innerJoin(roles, eq(roles.id, staff.roleId))
      .where(eq(staff.id, session.staffId));
    const permissions = (member?.permissions ?? []) as string[];
    return member?.status === 'active' && permissions.includes('chat.answer')
      ? { kind: 'agent', staffId: member.id, name: member.username }
      : null;
  }
  if (!session.userId) {
    return null;
  }
  const [user] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.id, session.userId));
  if (user?.status !== 'active') {
    return null;
  }
  if (audience === 'buyer') {
    return { kind: 'buyer', userId: user.id };
  }
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.ownerUserId, user.id))
    .limit(1);
  return store ? { kind: 'seller', userId: user.id, storeId: store.id } : null;
}

function audienceOf(request: FastifyRequest): TSessionAudience {
  const as = (request.query as Record<string, unknown> | undefined)?.as;
  return as === 'seller' || as === 'staff' ? as : 'buyer';
}

/** Whether the upgrade identifies by a session cookie (a browser sends it whatever page opens the socket). */
function isCookieUpgrade(request: FastifyRequest): boolean {
  return !request.headers.authorization?.startsWith('Bearer ');
}

/** A token the upgrade request carries: a Bearer header (apps) or the audience's session cookie (web). */
function tokenOfUpgrade(request: FastifyRequest, audience: TSessionAudience): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    return header.slice(7).trim() || undefined;
  }
  return request.cookies?.[SESSION_COOKIES[audience]] || undefined;
}

/**
 * Live chat over WebSocket at /ws and at /data/websocket (where the old apps connect). JSON both ways.
 * Identification: the session cookie of `?as=buyer|seller|staff` (web), a Bearer header, or a first
 * message `{ "type": "auth", "token": "...", "as": "buyer" }` (apps; tokens never go in the URL).
 * Messages, read marks and badge changes reach every socket of both sides in every server process
 * through the bus (Redis pub/sub with REDIS_URL).
 */
export const chatSocketPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyWebsocket, {
    options: { maxPayload: SOCKET_MAX_PAYLOAD },
    // A frame the protocol refuses (too big, unmasked, bad UTF-8: ws's WS_ERR_* codes) is the sender's fault, and
    // anyone may send one: the socket ends, and the log's error level stays for the server's own faults.
    errorHandler(error, socket, request) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
        request.log.debug({ code }, 'chat socket frame refused');
      } else {
        request.log.error({ err: error }, 'chat socket error');
      }
      socket.terminate();
    },
  });
  const hub = new SocketHub();
  app.decorate('chatPresence', (staffId: string) => hub.isAgentOnline(staffId));
  app.decorate('chatSocketCount', () => hub.count);
  const stopChat = app.bus.subscribe(CHAT_TOPIC, (data) => deliver(hub, data as TChatEvent));
  const stopNotifications = app.bus.subscribe(NOTIFICATION_TOPIC, (data) => {
    for (const connection of hub.recipientsOfNotification(data as TNotificationSignal)) {
      send(connection.socket, { type: 'unread', scope: 'notifications' });
    }
  });

  /**
   * Whether the socket's session still holds (log-out, a password change, signing out devices, a disabled account
   * or a role that may no longer answer end it); a socket whose session does not is closed. A socket checked once
   * when it identified kept receiving and sending as its account after all of these.
   */
  const stillHolds = async (connection: TConnection): Promise<boolean> => {
    const now = await resolveIdentity(app, connection.token, connection.audience).catch(() => undefined);
    if (now === undefined) {
      // The database did not answer: the socket stays as it is, and the next check decides.
      return true;
    }
    if (now && isSameParty(now.party, connection.party)) {
      connection.expiresAt = now.expiresAt;
      return true;
    }
    send(connection.socket, { type: 'error', code: 'NOT_LOGGED_IN' });
    connection.socket.close(4401, 'not logged in');
    hub.remove(connection);
    return false;
  };
  const checkAll = (connections: Iterable<TConnection>) => {
    for (const connection of [...connections]) {
      void stillHolds(connection);
    }
  };
  const stopSessions = app.bus.subscribe(SESSION_CACHE_TOPIC, (data) => {
    checkAll(hub.affectedBy((data ?? {}) as TSessionsChanged));
  });
  const heartbeat = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      const state = socket as WebSocket & { isAlive?: boolean };
      if (state.isAlive === false) {
        socket.terminate();
        continue;
      }
      state.isAlive = false;
      socket.ping();
    }
    // A session that expired on its own sends no message; its sockets are checked once past its expiry (a session
    // used elsewhere meanwhile has moved it on).
    const now = Date.now();
    checkAll([...hub.all].filter((connection) => connection.expiresAt <= now));
  }, SOCKET_HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    stopChat();
    stopNotifications();
    stopSessions();
  });
  const publicOrigin = new URL(app.deps.config.PUBLIC_URL).origin;

  const handler = (socket: WebSocket, request: FastifyRequest) => {
    const state = socket as WebSocket & { isAlive?: boolean };
    state.isAlive = true;
    socket.on('pong', () => {
      state.isAlive = true;
    });
    let connection: TConnection | undefined;
    let pending: Promise<void> = Promise.resolve();
    const audience = audienceOf(request);

    const identify = async (token: string | undefined, as: TSessionAudience) => {
      const identity = token ? await resolveIdentity(app, token, as) : null;
      if (!token || !identity) {
        send(socket, { type: 'error', code: 'NOT_LOGGED_IN' });
        socket.close(4401, 'not logged in');
        return;
      }
      if (socket.readyState !== socket.OPEN) {
        return;
      }
      connection = { ...identity, socket, token, audience: as };
      hub.add(connection);
      send(socket, { type: 'hello', party: identity.party.kind, heartbeatMs: SOCKET_HEARTBEAT_MS });
    };

    const authTimer = setTimeout(() => {
      if (!connection) {
        socket.close(4401, 'not logged in');
      }
    }, AUTH_TIMEOUT_MS);
    const upgradeToken = tokenOfUpgrade(request, audience);
    if (upgradeToken && isCookieUpgrade(request) && !isSameOriginRequest(request, publicOrigin)) {
      // The browser sends the session cookie with a socket any page opens: another site's page would read and
      // write the visitor's chats (the HTTP API's Origin guard covers writes; a socket upgrade is a GET).
      send(socket, { type: 'error', code: 'FOREIGN_ORIGIN' });
      socket.close(4403, 'foreign origin');
      return;
    }
    if (upgradeToken) {
      pending = identify(upgradeToken, audience).catch(() => socket.close(1011, 'error'));
    }

    let frameWindowStartedAt = 0;
    let framesInWindow = 0;
    let queued = 0;
    socket.on('message', (raw: Buffer) => {
      const now = Date.now();
      if (now - frameWindowStartedAt >= 1000) {
        frameWindowStartedAt = now;
        framesInWindow = 0;
      }
      framesInWindow += 1;
      // A person sends a few frames a second at most; a flood of read or delivered marks held everyone's requests
      // behind its queries (sends have their own limit per minute).
      if (framesInWindow > SOCKET_FRAMES_PER_SECOND || queued >= SOCKET_QUEUE_MAX) {
        send(socket, { type: 'error', code: 'TOO_FREQUENT' });
        socket.close(1008, 'too many messages');
        return;
      }
      queued += 1;
      // Messages are handled one after another, in the order they came.
      pending = pending
        .then(() => handleMessage(raw))
        .catch(() => undefined)
        .finally(() => {
          queued -= 1;
        });
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      if (connection) {
        hub.remove(connection);
      }
      connection = undefined;
    });

    async function handleMessage(raw: Buffer) {
      let parsed: z.infer<typeof ZClientMessage>;
      try {
        parsed = ZClientMessage.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        send(socket, { type: 'error', code: 'PARAMETER_ERROR' });
        return;
      }
      if (parsed.type === 'ping') {
        send(socket, { type: 'pong', at: Date.now() });
        return;
      }
      if (parsed.type === 'auth') {
        if (!connection) {
          await identify(parsed.token, parsed.as);
        }
        return;
      }
      if (!connection) {
        send(socket, { type: 'error', code: 'NOT_LOGGED_IN' });
        return;
      }
      // Each send and mark acts as the session's account now, not as it was when the socket opened.
      if (!(await stillHolds(connection))) {
        connection = undefined;
        return;
      }
      const { party } = connection;
      try {
        if (parsed.type === 'send') {
          const message = await sendChatMessage(
            { db: app.deps.db, redis: app.deps.redis, uploadDir: app.deps.config.uploadDir },
            party,
            parsed.conversationId,
            parsed.message as TChatSendRequest,
            request.lang,
          );
          send(socket, { type: 'sent', clientId: message.clientId, message });
        } else if (parsed.type === 'read') {
          await markConversationRead(app.deps.db, party, parsed.conversationId);
        } else {
          const conversation = await findConversationFor(app.deps.db, party, parsed.conversationId);
          await markDelivered(app.deps.db, conversation, sideOf(party));
        }
      } catch (error) {
        send(socket, {
          type: 'error',
          code: isAppError(error) ? error.code : 'INTERNAL_ERROR',
          ...(parsed.type === 'send' && parsed.message.clientId ? { clientId: parsed.message.clientId } : {}),
        });
        if (!isAppError(error)) {
          request.log.error({ err: error }, 'chat socket message failed');
        }
      }
    }
  };

  for (const url of ['/ws', '/data/websocket']) {
    app.get(url, { websocket: true }, handler);
  }
});
