import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisCounterStore } from './counters';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** Installations sharing one Redis are kept apart by the client's key prefix (REDIS_KEY_PREFIX). */
describe('counters in Redis under the installation key prefix', () => {
  const run = randomBytes(4).toString('hex');
  const clients: Redis[] = [];
  const open = (keyPrefix: string) => {
    const client = new Redis(REDIS_URL, { keyPrefix, maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };
  afterAll(async () => {
    const raw = new Redis(REDIS_URL);
    const keys = await raw.keys(`caravan-test-${run}-*`);
    if (keys.length > 0) {
      await raw.del(...keys);
    }
    raw.disconnect();
    for (const client of clients) {
      client.disconnect();
    }
  });

  it('counts per installation: the same key in another installation is another counter', async () => {
    const production = `caravan-test-${run}-production:`;
    const staging = `caravan-test-${run}-staging:`;
    const productionCounters = redisCounterStore(open(production));
    // A second process of the same installation shares its counters.
    const productionOtherProcess = redisCounterStore(open(production));
    const stagingCounters = redisCounterStore(open(staging));

    expect(await productionCounters.hit('login:alice', 60_000)).toBe(1);
    expect(await productionOtherProcess.hit('login:alice', 60_000)).toBe(2);
    expect(await stagingCounters.hit('login:alice', 60_000)).toBe(1);
    expect(await stagingCounters.peek('login:alice')).toBe(1);
    expect(await productionCounters.peek('login:alice')).toBe(2);

    // A one-time token of one installation cannot be taken by another.
    expect(await productionCounters.claim('token:abc', 60_000)).toBe(true);
    expect(await stagingCounters.take('token:abc')).toBe(false);
    expect(await productionOtherProcess.take('token:abc')).toBe(true);

    const raw = new Redis(REDIS_URL);
    expect(await raw.get(`${production}login:alice`)).toBe('2');
    expect(await raw.get(`${staging}login:alice`)).toBe('1');
    raw.disconnect();
  });
});
