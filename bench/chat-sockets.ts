/**
 * Chat delivery under load (issue 14): N open buyer sockets while messages flow at a fixed rate; each message
 * is timed from the buyer's send to its arrival at an agent's socket. With `--processes 2` (or more) the
 * server processes share one PostgreSQL and Redis, the buyer sockets are dealt round-robin between them,
 * one agent is connected to every process, and a message counts as delivered when it reaches the agent on
 * another process than its sender's, so every timed message crosses Redis pub/sub.
 *
 *   flock /tmp/caravan-heavy.lock npx tsx bench/chat-sockets.ts --sockets 5000 --rate 200 --seconds 20
 *   flock /tmp/caravan-heavy.lock npx tsx bench/chat-sockets.ts --processes 2
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh
 * database is made and dropped) and, for two processes, Redis (REDIS_URL, default redis://127.0.0.1:6379).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { percentile } from './stats';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) {
  args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
}
const SOCKETS = Number(args.get('sockets') ?? 5000);
const RATE = Number(args.get('rate') ?? 200);
const SECONDS = Number(args.get('seconds') ?? 20);
const PROCESSES = Number(args.get('processes') ?? 1);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...(process.env as Record<string, string>),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 340; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        return { url, child };
      }
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

async function main() {
  const name = `caravan_bench_chat_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(POSTGRES_URL);
  dbUrl.pathname = `/${name}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl.toString(),
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    RUN_JOBS: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...(PROCESSES > 1
      ? {
          REDIS_URL,
          BUS_CHANNEL_PREFIX: `caravan:bench:${name}:`,
          REDIS_KEY_PREFIX: `caravan:bench:${name}:`,
        }
      : {}),
  };
  const servers: { url: string; child: ChildProcess }[] = [];
  const sockets: WebSocket[] = [];
  const agents: WebSocket[] = [];
  try {
    servers.push(await startServer(env));
    if (PROCESSES > 1) {
      servers.push(await startServer(env));
    }
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    // Buyers with sessions and a customer-service conversation each, written in bulk.
    const tokens = Array.from({ length: SOCKETS }, () => randomBytes(32).toString('base64url'));
    const users = await db.query<{ id: string }>(
      `insert into users (usercode, username, password_hash, invitation_code)
       select 'bench' || i, 'benchuser' || i, 'not-used', 'bi' || i from generate_series(1, $1) as i returning id`,
      [SOCKETS],
    );
    const userIds = users.rows.map((r) => r.id);
    await db.query(
      `insert into sessions (token_hash, audience, user_id, expires_at)
       select h, 'buyer', u::bigint, now() + interval '1 day' from unnest($1::text[], $2::text[]) as t(h, u)`,
      [tokens.map(hash), userIds],
    );
    const conversations = await db.query<{ id: string; buyer_user_id: string }>(
      `insert into chat_conversations (kind, buyer_user_id, status)
       select 'service', u::bigint, 'waiting' from unnest($1::text[]) as u returning id, buyer_user_id`,
      [userIds],
    );
    const conversationOf = new Map(conversations.rows.map((r) => [r.buyer_user_id, r.id]));
    const role = await db.query<{ id: string }>(
      `insert into roles (name, permissions) values ('bench agent', '{chat.answer}') returning id`,
    );
    const staffRow = await db.query<{ id: string }>(
      `insert into staff (username, display_name, password_hash, role_id) values ('benchagent', 'Bench agent', 'x', $1) returning id`,
      [role.rows[0]!.id],
    );
    const agentToken = randomBytes(32).toString('base64url');
    await db.query(
      `insert into sessions (token_hash, audience, staff_id, expires_at) values ($1, 'staff', $2, now() + interval '1 day')`,
      [hash(agentToken), staffRow.rows[0]!.id],
    );
    await db.query(
      `insert into system_params (code, value) values ('chat_messages_per_minute', '600')
       on conflict (code) do update set value = excluded.value`,
    );
    await db.end();

    const wsUrl = (url: string, as: string) => `${url.replace('http', 'ws')}/ws?as=${as}`;
    const open = (url: string, token: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
        socket.once('message', () => resolve(socket));
        socket.once('error', reject);
      });
    // clientId -> send time and the process whose agent must receive it (another one than the sender's).
    const sentAt = new Map<string, { at: number; sender: number; receiver: number; arrivals: number }>();
    const latencies: number[] = [];
    const sameProcessLatencies: number[] = [];
    for (let p = 0; p < servers.length; p++) {
      const agent = await open(wsUrl(servers[p]!.url, 'staff'), agentToken);
      agents.push(agent);
      agent.on('message', (raw: Buffer) => {
        const received = performance.now();
        const event = JSON.parse(raw.toString()) as { type: string; message?: { clientId: string | null } };
        const clientId = event.type === 'message' ? event.message?.clientId : null;
        const sent = clientId ? sentAt.get(clientId) : undefined;
        if (!sent) {
          return;
        }
        if (sent.receiver === p) {
          latencies.push(received - sent.at);
        } else if (sent.sender === p) {
          sameProcessLatencies.push(received - sent.at);
        }
        sent.arrivals += 1;
        if (sent.arrivals === servers.length) {
          sentAt.delete(clientId!);
        }
      });
    }
    const processOf = (index: number) => index % servers.length;
    const connectStarted = Date.now();
    for (let i = 0; i < SOCKETS; i += 250) {
      sockets.push(
        ...(await Promise.all(
          tokens.slice(i, i + 250).map((t, k) => open(wsUrl(servers[processOf(i + k)]!.url, 'buyer'), t)),
        )),
      );
    }
    const connectSeconds = (Date.now() - connectStarted) / 1000;

    let errors = 0;
    for (const socket of sockets) {
      socket.on('message', (raw: Buffer) => {
        if (raw.toString().includes('"type":"error"')) {
          errors += 1;
        }
      });
    }
    const total = RATE * SECONDS;
    const started = performance.now();
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) {
        await new Promise((r) => setTimeout(r, wait));
      }
      const index = Math.floor(Math.random() * SOCKETS);
      const clientId = `m${n}`;
      const sender = processOf(index);
      const receiver = (sender + 1) % servers.length;
      sentAt.set(clientId, { at: performance.now(), sender, receiver, arrivals: 0 });
      sockets[index]!.send(
        JSON.stringify({
          type: 'send',
          conversationId: conversationOf.get(userIds[index]!),
          message: { type: 'text', content: `bench message ${n}`, clientId },
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 3000));
    const sorted = [...latencies].sort((a, b) => a - b);
    const sameSorted = [...sameProcessLatencies].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const result = {
      scenario: 'chat-sockets',
      processes: PROCESSES,
      sockets: SOCKETS,
      rate: RATE,
      seconds: SECONDS,
      connectSeconds,
      sent: total,
      delivered: latencies.length,
      errors,
      socketsPerProcess: servers.map((_, p) => sockets.filter((_s, i) => processOf(i) === p).length),
      // With two or more processes: send -> the agent on another process (crossing Redis).
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      p99Ms: round(percentile(sorted, 99)),
      ...(servers.length > 1
        ? { sameProcessP95Ms: round(percentile(sameSorted, 95)), sameProcessDelivered: sameSorted.length }
        : {}),
      goalP95Ms: 100,
    };
    console.log(JSON.stringify(result));
  } finally {
    for (const socket of [...sockets, ...agents]) {
      socket.terminate();
    }
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
