// `npm test`: unit and API tests (Vitest: contracts, server, web), then the browser tests when Chromium is present.
// The server suite runs on PGlite, or on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const onDatabase = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';

// Vitest's reporter needs Map.groupBy (Node 22+); see scripts/node-polyfills.mjs.
const env = {
  ...process.env,
  NODE_OPTIONS:
    `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(root, 'scripts/node-polyfills.mjs')}`.trim(),
};

function run(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return result.status === 0;
}

let isGreen = run(`unit and API tests on ${onDatabase}`, 'npx', ['vitest', 'run', ...process.argv.slice(2)]);
if (existsSync(chromium)) {
  isGreen = run(`browser tests in ${chromium} on ${onDatabase}`, 'npm', ['run', 'test:e2e']) && isGreen;
} else {
  console.log(
    `\n=== browser tests SKIPPED: Chromium not found at ${chromium} ===\n` +
      'Install it (Debian: `apt-get install -y chromium`) or set CHROMIUM_PATH, then run `npm run test:e2e`.',
  );
}
process.exit(isGreen ? 0 : 1);
