import type { Redis } from 'ioredis';
import type { Database } from '../../db/client';

/** Turns a cached page into bytes for Redis and back (the page's owner knows its shape: http/ssr.ts). */
export type TPageCodec<T> = { encode(value: T): Buffer; decode(bytes: Buffer): T };

/** What a read found: the current generation (unknown while this process moves it on) and the stored page. */
type TSharedRead = {
  generation: string | undefined;
  entry: { renderedAt: number; bytes: Buffer } | undefined;
};

/** An entry is the render's start time (ms, float64), the generation's length and text, then the page. */
const HEADER_BYTES = 9;

/**
 * Server-rendered pages shared by every process through Redis (issue 11, speed at scale): one process's render
 * serves the others, so the page cache's hit rate does not fall as processes are added. Each process keeps its
 * own copies in front (the catalogue cache), so a repeated hit costs no round trip.
 *
 * A catalogue change must drop the pages of every process at once. Deleting keys by pattern would scan Redis;
 * instead every entry carries the generation it was rendered in, the generation is a counter in Redis that a
 * change moves on (INCR), and a read takes both in one round trip (MGET) and ignores an entry of another
 * generation. A page is labelled with the generation read before its render began, so a render that started
 * before a change is never taken for a newer one. The change is announced on the bus only after the counter
 * moved, so a process that drops its own copies on the announcement reads no older page back, and the process
 * making the change reads no shared page until then.
 */
export class SharedPageStore {
  /** Generation moves of this process not yet confirmed by Redis. */
  private invalidating = 0;
  private readonly generationKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {
    this.generationKey = `${prefix}generation`;
  }

  async read(key: string): Promise<TSharedRead> {
    if (this.invalidating > 0) {
      return { generation: undefined, entry: undefined };
    }
    const [generationBytes, bytes] = await this.redis.mgetBuffer(this.generationKey, this.prefix + key);
    const generation = generationBytes?.toString('latin1') ?? '0';
    if (!bytes || bytes.length < HEADER_BYTES || this.invalidating > 0) {
      return { generation: this.invalidating > 0 ? undefined : generation, entry: undefined };
    }
    const renderedAt = bytes.readDoubleLE(0);
    const generationLength = bytes[8]!;
    const entryGeneration = bytes.toString('latin1', HEADER_BYTES, HEADER_BYTES + generationLength);
    if (entryGeneration !== generation) {
      return { generation, entry: undefined };
    }
    return { generation, entry: { renderedAt, bytes: bytes.subarray(HEADER_BYTES + generationLength) } };
  }

  write(key: string, generation: string, renderedAt: number, page: Buffer, ttlMs: number): void {
    if (ttlMs <= 0) {
      return;
    }
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeDoubleLE(renderedAt, 0);
    header[8] = generation.length;
    const entry = Buffer.concat([header, Buffer.from(generation, 'latin1'), page]);
    this.redis.set(this.prefix + key, entry, 'PX', Math.ceil(ttlMs)).catch(this.onError);
  }

  /** Moves the generation on: every page stored so far is ignored from now on, by every process. */
  async invalidate(): Promise<void> {
    this.invalidating++;
    try {
      await this.redis.incr(this.generationKey);
    } catch (error) {
      this.onError(error);
    } finally {
      this.invalidating--;
    }
  }
}

const storeOfDatabase = new WeakMap<Database, SharedPageStore>();

/** Pages cached with this database handle are shared through `store` (catalogRoutes, with REDIS_URL). */
export function attachSharedPages(db: Database, store: SharedPageStore): void {
  storeOfDatabase.set(db, store);
}

export function findSharedPages(db: Database): SharedPageStore | undefined {
  return storeOfDatabase.get(db);
}

/**
 * A page for the catalogue cache's getOrLoadAged: the shared copy when there is one of this generation that is
 * fresh, or past its lifetime but nothing older is being served meanwhile (it then counts as stale here too, and
 * the next reader's reload renders it again); otherwise a render, stored for the others for two lifetimes.
 */
export async function loadSharedPage<T>(options: {
  store: SharedPageStore;
  key: string;
  ttlMs: number;
  hasStale: boolean;
  render: () => Promise<T>;
  codec: TPageCodec<T>;
  onError: (error: unknown) => void;
}): Promise<{ value: T; bornAt: number }> {
  const { store, key, ttlMs, hasStale, render, codec, onError } = options;
  let found: TSharedRead = { generation: undefined, entry: undefined };
  try {
    found = await store.read(key);
  } catch (error) {
    // Redis unreachable: the page is rendered here, as without Redis.
    onError(error);
  }
  const { entry, generation } = found;
  if (entry) {
    const age = Date.now() - entry.renderedAt;
    if (age < ttlMs || (!hasStale && age < 2 * ttlMs)) {
      try {
        return { value: codec.decode(entry.bytes), bornAt: entry.renderedAt };
      } catch (error) {
        // Written by another build or damaged: rendered again (and replaced) rather than failing the page.
        onError(error);
      }
    }
  }
  const bornAt = Date.now();
  const value = await render();
  if (generation !== undefined) {
    store.write(key, generation, bornAt, codec.encode(value), bornAt + 2 * ttlMs - Date.now());
  }
  return { value, bornAt };
}
