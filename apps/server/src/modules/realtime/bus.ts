import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client';

/**
 * The fan-out bus: a message published on a topic reaches every subscriber of that topic in every
 * server process. Without Redis it is an in-process emitter (one process needs nothing else); with
 * Redis each topic is a pub/sub channel `<BUS_CHANNEL_PREFIX><topic>` (default `caravan:bus:<topic>`), and a process receives its own messages
 * back through Redis like everyone else's, so local and remote subscribers see each message once.
 *
 * Messages are JSON; bigints must be turned into strings by the publisher. Delivery is at most once
 * (Redis pub/sub keeps nothing for a process that is not connected): the state of record is in the
 * database, and clients refetch it after a reconnect.
 */
export type TBusHandler = (data: unknown) => void;

export type TBus = {
  readonly kind: 'memory' | 'redis';
  publish(topic: string, data: unknown): void;
  /** Returns the function that unsubscribes. */
  subscribe(topic: string, handler: TBusHandler): () => void;
  /** Resolves once every subscription made so far is active (Redis confirms it asynchronously). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

export function createMemoryBus(): TBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    publish(topic, data) {
      // Copy through JSON like Redis does, so a subscriber never shares an object with the publisher.
      const copy: unknown = JSON.parse(JSON.stringify(data));
      queueMicrotask(() => emitter.emit(topic, copy));
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    ready: async () => undefined,
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** `redis` publishes; a duplicate connection subscribes (a subscribing connection can do nothing else). */
export function createRedisBus(
  redis: Redis,
  options: { channelPrefix: string; onError?: (error: unknown) => void },
): TBus {
  const { channelPrefix: CHANNEL_PREFIX, onError } = options;
  const subscriber = redis.duplicate();
  const handlers = new Map<string, Set<TBusHandler>>();
  let pending: Promise<unknown>[] = [];
  subscriber.on('error', (error) => onError?.(error));
  subscriber.on('message', (channel: string, text: string) => {
    const set = handlers.get(channel.slice(CHANNEL_PREFIX.length));
    if (!set) {
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    for (const handler of set) {
      handler(data);
    }
  });
  return {
    kind: 'redis',
    publish(topic, data) {
      redis.publish(CHANNEL_PREFIX + topic, JSON.stringify(data)).catch((error: unknown) => onError?.(error));
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        pending.push(
          subscriber.subscribe(CHANNEL_PREFIX + topic).catch((error: unknown) => onError?.(error)),
        );
      }
      set.add(handler);
      return () => {
        const current = handlers.get(topic);
        current?.delete(handler);
        if (current && current.size === 0) {
          handlers.delete(topic);
          subscriber.unsubscribe(CHANNEL_PREFIX + topic).catch((error: unknown) => onError?.(error));
        }
      };
    },
    ready: async () => {
      const waiting = pending;
      pending = [];
      await Promise.all(waiting);
    },
    close: async () => {
      handlers.clear();
      subscriber.disconnect();
    },
  };
}

/**
 * The bus of the app that owns a database handle, so code deep inside a service (which has only its
 * transaction) can publish after commit. Two apps in one process (tests) keep separate buses.
 */
const busOfDatabase = new WeakMap<Database, TBus>();

export function attachBus(db: Database, bus: TBus): void {
  busOfDatabase.set(db, bus);
}

export function findBus(db: Database): TBus | undefined {
  return busOfDatabase.get(db);
}
