import type { Database } from '../../db/client';
import { findBus } from '../realtime';
import { findSharedPages } from './shared-pages';

type TEntry = { value: unknown; expiresAt: number; staleUntil: number; bytes: number };

/**
 * Freezes plain objects and arrays all the way down. A cached answer is shared by every reader, so it must
 * never change; frozen, it also tells the response serializer that its JSON text can be reused
 * (http/serializer.ts).
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) {
    return value;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) {
    // Maps, Dates and class instances are internal helpers, not answers: left as they are.
    return value;
  }
  Object.freeze(value);
  for (const child of Object.values(value)) {
    deepFreeze(child);
  }
  return value;
}

/**
 * A small per-database TTL cache for public catalogue answers (lists, home, detail without the
 * visitor's own state). Short lifetimes keep it honest; writers call clearCatalogCache(). Values are
 * frozen when stored: readers copy what they change.
 *
 * An answer past its lifetime is still served for one more lifetime while a single reload runs behind it
 * (stale-while-revalidate): a popular list or product is then never waited for, and at a million products
 * a reload costs tens of milliseconds that a visitor would otherwise queue behind (issue 11, speed at
 * scale). So an answer is at most two lifetimes old, and a catalogue change (clear()) is seen at once:
 * clear() drops everything and starts a new generation, and a load begun before it is never stored.
 */
export class TtlCache {
  private readonly entries = new Map<string, TEntry>();
  /** Loads in flight: concurrent misses of one key share a single query instead of stampeding. */
  private readonly pending = new Map<string, Promise<unknown>>();
  /** Bumped by clear(): a load that started in an older generation may hold data from before the change. */
  private generation = 0;
  /** What the entries weigh (their `sizeOf`), kept within `maxBytes`. */
  private bytes = 0;

  /**
   * `maxBytes` bounds what the entries weigh by the `sizeOf` their loads give (rendered pages, whose addresses a
   * visitor chooses freely); entries without a `sizeOf` weigh nothing and are bounded by `maxEntries` alone.
   */
  constructor(
    private readonly maxEntries = 10_000,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  async getOrLoad<T>(
    key: string,
    ttlMs: number,
    load: () => Promise<T>,
    sizeOf?: (value: T) => number,
  ): Promise<T> {
    return this.getOrLoadAged(key, ttlMs, async () => ({ value: await load() }), sizeOf);
  }

  /**
   * getOrLoad for answers that may have been made before they are loaded (a page rendered by another process,
   * kept in Redis): `bornAt` dates the answer, and its lifetimes count from then instead of from the load. The
   * load is told whether an older answer is being served meanwhile (`hasStale`): it may then skip an answer
   * that is itself past its lifetime.
   */
  async getOrLoadAged<T>(
    key: string,
    ttlMs: number,
    load: (hasStale: boolean) => Promise<{ value: T; bornAt?: number }>,
    sizeOf?: (value: T) => number,
  ): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) {
      return hit.value as T;
    }
    const running = this.pending.get(key);
    if (hit && hit.staleUntil > now) {
      if (!running) {
        // A failed reload (the product went away, the database hiccupped) drops the old answer, so the
        // next reader gets the real outcome instead of an ever older copy.
        this.start(key, ttlMs, () => load(true), sizeOf).catch(() => {
          if (this.entries.get(key) === hit) {
            this.remove(key);
          }
        });
      }
      return hit.value as T;
    }
    if (running) {
      return running as Promise<T>;
    }
    return this.start(key, ttlMs, () => load(false), sizeOf);
  }

  /** Whether the key has an answer to serve (fresh, or stale and still served) or one being loaded. */
  has(key: string): boolean {
    const hit = this.entries.get(key);
    return (hit !== undefined && hit.staleUntil > Date.now()) || this.pending.has(key);
  }

  private start<T>(
    key: string,
    ttlMs: number,
    load: () => Promise<{ value: T; bornAt?: number }>,
    sizeOf?: (value: T) => number,
  ): Promise<T> {
    const generation = this.generation;
    const promise = load()
      .then(({ value, bornAt }) => {
        if (generation !== this.generation) {
          return value;
        }
        const bytes = sizeOf ? sizeOf(value) : 0;
        if (bytes > this.maxBytes) {
          return value;
        }
        // Re-inserted so the Map's order stays the order of loading (evict drops the oldest first).
        this.remove(key);
        if (this.entries.size >= this.maxEntries || this.bytes + bytes > this.maxBytes) {
          this.evict(Date.now(), bytes);
        }
        const frozen = deepFreeze(value);
        const at = bornAt ?? Date.now();
        this.entries.set(key, { value: frozen, expiresAt: at + ttlMs, staleUntil: at + 2 * ttlMs, bytes });
        this.bytes += bytes;
        return frozen;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) {
          this.pending.delete(key);
        }
      });
    this.pending.set(key, promise);
    return promise;
  }

  clear() {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
    this.bytes = 0;
  }

  /** What the entries weigh now (tests, metrics). */
  get weight(): number {
    return this.bytes;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (entry) {
      this.bytes -= entry.bytes;
      this.entries.delete(key);
    }
  }

  /** Makes room for one entry of `incoming` bytes: answers past their lifetimes first, then the oldest loads. */
  private evict(now: number, incoming: number) {
    for (const [key, entry] of this.entries) {
      if (entry.staleUntil <= now) {
        this.remove(key);
      }
    }
    if (this.entries.size >= this.maxEntries) {
      // Oldest loads first: Map keeps insertion order.
      const drop = Math.ceil(this.maxEntries / 4);
      let i = 0;
      for (const key of [...this.entries.keys()]) {
        if (i++ >= drop) {
          break;
        }
        this.remove(key);
      }
    }
    for (const key of this.entries.keys()) {
      if (this.bytes + incoming <= this.maxBytes) {
        break;
      }
      this.remove(key);
    }
  }
}

const caches = new WeakMap<object, TtlCache>();
const pageCaches = new WeakMap<object, TtlCache>();

export function catalogCache(db: Database): TtlCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * What the rendered pages of one process may weigh (their compressed pieces). A page's address is the visitor's
 * choice (`/index?r=1`, `?r=2`, ...): counted in entries alone, 10,000 of them held over a gigabyte, and shared with
 * the catalogue's answers they pushed those out. The page bench's pages live 5-10 s and weigh 30-60 KB: a fast
 * machine keeps about 2,000 of them, well within this.
 */
export const PAGE_CACHE_MAX_BYTES = 128 * 1024 * 1024;

/** The server-rendered pages' own cache (page-data.ts), cleared with the catalogue's (clearCatalogCache). */
export function pageCache(db: Database): TtlCache {
  let cache = pageCaches.get(db);
  if (!cache) {
    cache = new TtlCache(10_000, PAGE_CACHE_MAX_BYTES);
    pageCaches.set(db, cache);
  }
  return cache;
}

/** The bus topic on which a catalogue change is announced to every server process. */
export const CATALOG_CACHE_TOPIC = 'catalog-cache';

/**
 * Call after changing products, categories, stores or banners so readers see it at once: clears this
 * process's cache and announces it on the bus (Redis pub/sub with REDIS_URL), so every other process clears
 * its own (catalogRoutes subscribes). With pages shared through Redis (shared-pages.ts) their generation is
 * moved on first, so a process that clears its own copies on the announcement never reads an older page back.
 */
/** Drops this process's cached catalogue answers and pages of one database handle. */
export function forgetCatalogAnswers(db: Database) {
  catalogCache(db).clear();
  pageCache(db).clear();
}

export function clearCatalogCache(db: Database) {
  forgetCatalogAnswers(db);
  const announce = () => findBus(db)?.publish(CATALOG_CACHE_TOPIC, { at: Date.now() });
  const sharedPages = findSharedPages(db);
  if (sharedPages) {
    void sharedPages.invalidate().finally(announce);
  } else {
    announce();
  }
}

export const CACHE_TTL = {
  categories: 60_000,
  home: 10_000,
  // Product lists (by 100-row windows, products.ts) and store lists: like keyword answers, a changed product
  // shows at once (clearCatalogCache) and only sold counts and the sales order trail, by a minute at most
  // (twice this); at 5 s, one list request in seven reloaded a window behind the cache at a million products.
  list: 30_000,
  // Keyword answers and their plans: a new or changed product reaches search within a minute (twice this,
  // cache.ts), at once after clearCatalogCache(); deciding a mistyped keyword's plan takes seconds at scale.
  search: 30_000,
  total: 30_000,
  // A product page is read far more often than its goods change; stock is checked again at checkout.
  detail: 15_000,
  params: 30_000,
  // Server-rendered public pages (page-data.ts): short, and dropped with the rest on any catalogue change.
  page: 5_000,
} as const;
