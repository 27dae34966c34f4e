// Compiles the server's entry points (main, seed-cli, backup-cli) into plain JavaScript with esbuild, for the
// processes the tests start many times: under tsx every start compiles and resolves the app's TypeScript again
// (docs/operations.md, "Tests and CI: test times"). Not for production: `npm start` runs the sources.
// The bundles live in apps/server/dist and are rebuilt when a source is newer, like scripts/web-build.mjs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'apps/server/dist');
const ENTRIES = {
  main: 'apps/server/src/main.ts',
  'seed-cli': 'apps/server/src/db/seed-cli.ts',
  'backup-cli': 'apps/server/src/db/backup-cli.ts',
};
const SOURCES = [
  'apps/server/src',
  'packages/contracts/src',
  'scripts/server-build.mjs',
  'package-lock.json',
];

function newestMtime(full) {
  if (!existsSync(full)) {
    return 0;
  }
  const stat = statSync(full);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) {
    newest = Math.max(newest, newestMtime(path.join(full, entry)));
  }
  return newest;
}

/** The compiled entry point for `name` (main, seed-cli, backup-cli). */
export function serverBuildFile(name) {
  return path.join(outDir, `${name}.mjs`);
}

function isStale() {
  const built = Math.min(...Object.keys(ENTRIES).map((name) => newestMtime(serverBuildFile(name)) || 0));
  return built === 0 || SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

/**
 * Each source keeps its own location: import.meta.dirname and import.meta.url are replaced, per file, by the
 * source file's own, so that the migrations, locales, repository root and createRequire resolve as they do
 * under tsx. Packages stay external (loaded from node_modules, native ones included) except the workspace's
 * contracts, which are TypeScript sources.
 */
const keepSourceLocation = {
  name: 'keep-source-location',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@caravan/') ? undefined : { path: args.path, external: true },
    );
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents: source, loader: 'ts' };
    });
  },
};

export async function ensureServerBuild({ force = false } = {}) {
  if (!force && !isStale()) {
    return;
  }
  await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [keepSourceLocation],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ensureServerBuild({ force: process.argv.includes('--force') });
}
