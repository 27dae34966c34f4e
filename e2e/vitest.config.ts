import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // A walk-through (register, apply, approve, sell, settle, import, suspend) takes 35-70 s on a busy two-core
    // machine; the limit only stops a hung test.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    // A page waits for the server and the browser on a busy two-core machine: a polled assertion gets 15 s,
    // not Vitest's default of one second. No retries: a browser test that fails once fails the run.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
