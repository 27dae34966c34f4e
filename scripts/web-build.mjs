// Builds the web app when its output is missing or older than its sources (used by start, test:e2e).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
// The server-rendering build (vite build --ssr) is part of the same `npm run build`.
const ssrManifest = path.join(root, 'apps/web/dist-ssr/.vite/manifest.json');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts'];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) {
    return 0;
  }
  const stat = statSync(full);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  let newest = 0;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (
      entry.name === 'node_modules' ||
      entry.name.endsWith('.test.ts') ||
      entry.name.endsWith('.test.tsx')
    ) {
      continue;
    }
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function isWebBuildStale() {
  if (!existsSync(distIndex) || !existsSync(ssrManifest)) {
    return true;
  }
  const built = statSync(distIndex).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

export function ensureWebBuild({ force = false } = {}) {
  if (!force && !isWebBuildStale()) {
    return;
  }
  console.log('Building the web app (apps/web/dist)...');
  // Callers such as Vitest set NODE_ENV=test, which would give a development build of React and Ant Design.
  const result = spawnSync('npm', ['run', 'build', '-w', '@caravan/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    throw new Error('web build failed');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureWebBuild({ force: process.argv.includes('--force') });
}
