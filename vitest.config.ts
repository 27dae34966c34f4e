import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const webTestSettings = {
  environment: 'happy-dom',
  setupFiles: ['apps/web/src/testing/setup.ts'],
  // Ant Design forms rendered in happy-dom take seconds on a loaded two-core CI machine
  // (a campaign form test hit the 5 s default at load 16); assertions are unchanged.
  testTimeout: 20_000,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: more workers only thrash; each file gets its own database copy.
          maxWorkers: 2,
          // A worker runs file after file with the modules it has evaluated: importing the app in each file
          // was a quarter of the project's time. Module state that depends on the database is kept per
          // database handle, and each file opens its own (docs/operations.md, "Tests and CI: test times").
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // Files that replace modules (vi.mock) run in the project below.
          exclude: ['apps/web/src/**/*.mocking.test.{ts,tsx}'],
          ...webTestSettings,
          // A worker runs file after file with the modules it has evaluated (React, Ant Design, i18next): each
          // file importing them again was most of the project's time (103 s for 54 files on one worker, 26 s
          // without). The setup file returns the page, storage, stubs and language to a new file's start.
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-mocking',
          // A module replaced with vi.mock would stay replaced for the files a shared worker runs after it.
          include: ['apps/web/src/**/*.mocking.test.{ts,tsx}'],
          ...webTestSettings,
        },
      },
    ],
  },
});
