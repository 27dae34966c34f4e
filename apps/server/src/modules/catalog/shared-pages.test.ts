import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { TtlCache } from './cache';
import { loadSharedPage, SharedPageStore, type TPageCodec } from './shared-pages';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const TTL_MS = 5_000;
const TEXT_CODEC: TPageCodec<string> = {
  encode: (value) => Buffer.from(value, 'utf8'),
  decode: (bytes) => bytes.toString('utf8'),
};

/** A server process for these tests: its own front cache and its own connection to the shared Redis. */
function createProcess(prefix: string, redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })) {
  const errors: unknown[] = [];
  const store = new SharedPageStore(redis, prefix, (error) => errors.push(error));
  const cache = new TtlCache();
  let renders = 0;
  return {
    redis,
    store,
    cache,
    errors,
    renders: () => renders,
    page: (key: string, text: string, render?: () => Promise<string>) =>
      cache.getOrLoadAged(`page:${key}`, TTL_MS, (hasStale) =>
        loadSharedPage({
          store,
          key,
          ttlMs: TTL_MS,
          hasStale,
          render:
            render ??
            (async () => {
              renders++;
              return text;
            }),
          codec: TEXT_CODEC,
          onError: (error) => errors.push(error),
        }),
      ),
  };
}

/**
 * Issue 11, speed at scale: server-rendered pages shared between processes through Redis. One process's render
 * serves the others; a catalogue change (the generation moved on) hides every page stored before it, even one
 * whose render began before the change and was stored after; and a page past its lifetime is served once to a
 * process that has none while it is rendered again.
 */
describe('pages shared through Redis', () => {
  const prefix = `caravan-test-${randomBytes(4).toString('hex')}:page:`;
  const processes: ReturnType<typeof createProcess>[] = [];
  const start = () => {
    const created = createProcess(prefix);
    processes.push(created);
    return created;
  };
  afterAll(async () => {
    const [first] = processes;
    if (first) {
      const keys = await first.redis.keys(`${prefix}*`);
      if (keys.length) {
        await first.redis.del(...keys);
      }
    }
    for (const created of processes) {
      created.redis.disconnect();
    }
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it("serves one process's render to another without rendering", async () => {
    const [a, b] = [start(), start()];
    expect(await a.page('/index', 'home v1')).toBe('home v1');
    await settle();
    expect(await b.page('/index', 'never rendered')).toBe('home v1');
    expect([a.renders(), b.renders()]).toEqual([1, 0]);
    // B's second read is its own copy: no round trip needed, the same answer.
    expect(await b.page('/index', 'never rendered')).toBe('home v1');
  });

  it('renders again everywhere after the generation moved on', async () => {
    const [a, b] = [start(), start()];
    await a.page('/store?id=1', 'store v1');
    await settle();
    await a.store.invalidate();
    b.cache.clear();
    expect(await b.page('/store?id=1', 'store v2')).toBe('store v2');
    expect(b.renders()).toBe(1);
  });

  it('never shares a page whose render began before the change, though it is stored after it', async () => {
    const [a, b] = [start(), start()];
    let finishRender: (text: string) => void = () => {};
    const rendering = a.page(
      '/productDetails?id=7',
      '',
      () => new Promise((resolve) => (finishRender = resolve)),
    );
    await settle();
    await b.store.invalidate();
    finishRender('product with the old price');
    expect(await rendering).toBe('product with the old price');
    await settle();
    expect(await b.page('/productDetails?id=7', 'product with the new price')).toBe(
      'product with the new price',
    );
  });

  it('reads no shared page while its own change is on its way to Redis', async () => {
    const a = start();
    await a.page('/commodity', 'list v1');
    await settle();
    const moving = a.store.invalidate();
    expect(await a.store.read('/commodity')).toEqual({ generation: undefined, entry: undefined });
    await moving;
  });

  it('serves a page past its lifetime to a process without one, once, and renders it again behind it', async () => {
    const [a, b] = [start(), start()];
    const { generation } = await a.store.read('/searchGoods?k=tea');
    a.store.write(
      '/searchGoods?k=tea',
      generation!,
      Date.now() - 1.5 * TTL_MS,
      Buffer.from('tea, older'),
      TTL_MS,
    );
    await settle();
    expect(await b.page('/searchGoods?k=tea', 'tea, new')).toBe('tea, older');
    expect(b.renders()).toBe(0);
    // Past its lifetime in B's own copy too: served while a single render runs, then the new page.
    expect(await b.page('/searchGoods?k=tea', 'tea, new')).toBe('tea, older');
    await expect.poll(() => b.page('/searchGoods?k=tea', 'tea, new')).toBe('tea, new');
    expect(b.renders()).toBe(1);
  });

  it('renders a page whose shared copy cannot be read, and replaces the copy', async () => {
    const [a, b] = [start(), start()];
    const { generation } = await a.store.read('/about');
    a.store.write('/about', generation!, Date.now(), Buffer.from('damaged'), TTL_MS);
    await settle();
    const strict: TPageCodec<string> = {
      encode: TEXT_CODEC.encode,
      decode: (bytes) => {
        if (!bytes.toString().startsWith('<html>')) {
          throw new Error('not a page');
        }
        return bytes.toString();
      },
    };
    const page = (from: typeof a) =>
      from.cache.getOrLoadAged('page:/about', TTL_MS, (hasStale) =>
        loadSharedPage({
          store: from.store,
          key: '/about',
          ttlMs: TTL_MS,
          hasStale,
          render: async () => '<html>about</html>',
          codec: strict,
          onError: (error) => from.errors.push(error),
        }),
      );
    expect(await page(b)).toBe('<html>about</html>');
    expect(b.errors).toHaveLength(1);
    await settle();
    expect(await page(a)).toBe('<html>about</html>');
    expect(a.errors).toEqual([]);
  });

  it('renders when Redis cannot be reached, and says so', async () => {
    const offline = createProcess(
      prefix,
      new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 }),
    );
    processes.push(offline);
    offline.redis.on('error', (error) => offline.errors.push(error));
    expect(await offline.page('/index', 'rendered here')).toBe('rendered here');
    expect(offline.renders()).toBe(1);
    expect(offline.errors.length).toBeGreaterThan(0);
  });
});
