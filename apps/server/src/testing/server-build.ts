import path from 'node:path';

/**
 * The server's entry points compiled by scripts/server-build.mjs, which the test run's global setup brings up
 * to date. Tests that start the server or a command line many times run these: under tsx each start compiles
 * and resolves the app's TypeScript again (docs/operations.md, "Tests and CI: test times").
 */
const DIST = path.resolve(import.meta.dirname, '../../dist');

export const SERVER_MAIN = path.join(DIST, 'main.mjs');
export const BACKUP_CLI = path.join(DIST, 'backup-cli.mjs');
