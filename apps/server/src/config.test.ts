import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultDatabasePoolSize, loadConfig } from './config';

const POSTGRES = 'postgres://caravan@127.0.0.1:5432/caravan';
const REDIS = 'redis://127.0.0.1:6379';

describe('SERVER_PROCESSES', () => {
  it('is one process by default, so `npm start` on PGlite is unchanged', () => {
    expect(loadConfig({}).serverProcesses).toBe(1);
    expect(loadConfig({ SERVER_PROCESSES: '1' }).serverProcesses).toBe(1);
  });

  it('takes a number of processes on PostgreSQL with Redis', () => {
    expect(
      loadConfig({ SERVER_PROCESSES: '3', DATABASE_URL: POSTGRES, REDIS_URL: REDIS }).serverProcesses,
    ).toBe(3);
  });

  it('resolves auto to one process per core', () => {
    expect(
      loadConfig({ SERVER_PROCESSES: 'auto', DATABASE_URL: POSTGRES, REDIS_URL: REDIS }).serverProcesses,
    ).toBe(os.availableParallelism());
  });

  it.each(['0', '65', '-2', '1.5', 'two', 'AUTO'])('refuses %s', (value) => {
    expect(() => loadConfig({ SERVER_PROCESSES: value, DATABASE_URL: POSTGRES, REDIS_URL: REDIS })).toThrow(
      /SERVER_PROCESSES: must be auto or a whole number from 1 to 64/,
    );
  });

  it('refuses more than one process on the embedded PGlite database', () => {
    const attempt = () => loadConfig({ SERVER_PROCESSES: '2', REDIS_URL: REDIS });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/SERVER_PROCESSES: 2 processes need PostgreSQL \(DATABASE_URL\).*PGlite/);
  });

  it('refuses more than one process without Redis, which they share limits, caches and the bus through', () => {
    expect(() => loadConfig({ SERVER_PROCESSES: '2', DATABASE_URL: POSTGRES })).toThrow(
      /SERVER_PROCESSES: 2 processes need REDIS_URL/,
    );
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it("defaults to twice the machine's cores and two, split between the server processes, at least two", () => {
    expect(defaultDatabasePoolSize(1, 2)).toBe(6);
    expect(defaultDatabasePoolSize(2, 2)).toBe(3);
    expect(defaultDatabasePoolSize(1, 16)).toBe(34);
    expect(defaultDatabasePoolSize(16, 16)).toBe(3);
    expect(defaultDatabasePoolSize(64, 2)).toBe(2);
    const cores = os.availableParallelism();
    expect(loadConfig({ DATABASE_URL: POSTGRES }).DATABASE_POOL_SIZE).toBe(2 * cores + 2);
    expect(
      loadConfig({ DATABASE_URL: POSTGRES, REDIS_URL: REDIS, SERVER_PROCESSES: 'auto' }).DATABASE_POOL_SIZE,
    ).toBe(Math.max(2, Math.ceil((2 * cores + 2) / cores)));
  });

  it('takes a whole number from 1 to 500 as set, and refuses anything else', () => {
    expect(loadConfig({ DATABASE_URL: POSTGRES, DATABASE_POOL_SIZE: '1' }).DATABASE_POOL_SIZE).toBe(1);
    expect(loadConfig({ DATABASE_URL: POSTGRES, DATABASE_POOL_SIZE: '40' }).DATABASE_POOL_SIZE).toBe(40);
    for (const value of ['0', '501', '2.5', 'many', '-3']) {
      expect(() => loadConfig({ DATABASE_URL: POSTGRES, DATABASE_POOL_SIZE: value })).toThrow(
        /DATABASE_POOL_SIZE/,
      );
    }
  });
});

describe('REDIS_KEY_PREFIX', () => {
  it('is caravan: by default (an empty variable is unset, as for every setting)', () => {
    expect(loadConfig({}).REDIS_KEY_PREFIX).toBe('caravan:');
    expect(loadConfig({ REDIS_KEY_PREFIX: '' }).REDIS_KEY_PREFIX).toBe('caravan:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'shop-staging:' }).REDIS_KEY_PREFIX).toBe('shop-staging:');
  });

  it.each(['two words:', 'x'.repeat(65), 'tab\there:', 'caf\u00e9:'])('refuses %j', (value) => {
    expect(() => loadConfig({ REDIS_KEY_PREFIX: value })).toThrow(
      /REDIS_KEY_PREFIX: 1 to 64 visible ASCII characters, no spaces/,
    );
  });
});

describe('SLOW_REQUEST_LOG_MS', () => {
  it('is 5 s by default and takes 100 ms to 10 minutes', () => {
    expect(loadConfig({}).SLOW_REQUEST_LOG_MS).toBe(5000);
    expect(loadConfig({ SLOW_REQUEST_LOG_MS: '100' }).SLOW_REQUEST_LOG_MS).toBe(100);
    expect(loadConfig({ SLOW_REQUEST_LOG_MS: '600000' }).SLOW_REQUEST_LOG_MS).toBe(600_000);
  });

  it.each(['99', '600001', '1.5', 'slow', '-5'])('refuses %s', (value) => {
    expect(() => loadConfig({ SLOW_REQUEST_LOG_MS: value })).toThrow(ConfigError);
  });
});
