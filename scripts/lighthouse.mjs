#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse 13 (mobile defaults: simulated slow 4G, 4x CPU slowdown) in the system Chromium on
// five storefront pages of the built product: home, /commodity, a product, a store and search results. Prints the
// performance score, LCP, CLS, TBT and the JavaScript the page downloaded (bytes on the wire: the build's brotli).
// Starts the product with demo data on a free port (like `npm start`), or measures LIGHTHOUSE_URL=http://host:port
// when set. Build first (`npm run build`).
// Each page is measured LIGHTHOUSE_RUNS times (default 3, rounds over the five pages) and the median run is shown:
// TBT multiplies the main thread's task times by 4, so one run on a shared machine says little. A run that
// Lighthouse itself gives up on (NO_NAVSTART and similar trace errors of Chromium) is taken again, twice at most.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Launcher } from 'chrome-launcher';
import { lighthouseChromeFlags } from './chromium-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Lighthouse's Chrome launcher starts Chrome with its own flags first; ours follow (scripts/chromium-flags.mjs).
const CHROME_FLAGS = lighthouseChromeFlags(Launcher.defaultFlags()).join(' ');
const GOALS = { score: 0.9, lcpMs: 2500, cls: 0.05, tbtMs: 200, jsKb: 170 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 15) {
  console.error('LIGHTHOUSE_RUNS must be a whole number from 1 to 15');
  process.exit(2);
}
const ATTEMPTS_PER_RUN = 3;

function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('server did not become healthy');
}

async function startServer() {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caravan-lighthouse-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
  };
  delete env.DATABASE_URL;
  Object.assign(env, { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true', RUN_JOBS: 'false' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  await waitForHealth(baseUrl, child).catch(async (error) => {
    await stop();
    throw error;
  });
  return { baseUrl, stop };
}

async function pickPages(baseUrl) {
  const list = await (await fetch(`${baseUrl}/api/v1/catalog/products?pageSize=1`)).json();
  const product = list.pageList[0];
  const word = product.name.split(/\s+/)[0];
  return [
    ['home', '/index'],
    ['all products', '/commodity'],
    ['product', `/productDetails?id=${product.id}`],
    ['store', `/store?id=${product.storeId}`],
    ['search results', `/searchGoods?k=${encodeURIComponent(JSON.stringify(word))}`],
  ];
}

/** One Lighthouse run, or undefined when Lighthouse could not measure the page (it says why on stderr). */
function runLighthouseOnce(url) {
  const output = path.join(tmpdir(), `caravan-lh-${process.pid}-${Date.now()}.json`);
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) {
    rmSync(output, { force: true });
    return undefined;
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  rmSync(output, { force: true });
  const audits = report.audits;
  const requests = audits['network-requests'].details.items;
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  return {
    score: report.categories.performance.score,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    jsKb: scripts.reduce((sum, item) => sum + item.transferSize, 0) / 1024,
    scriptRequests: scripts.length,
    blocking: blockingBySource(report, report.mainDocumentUrl ?? url),
    benchmarkIndex: report.environment?.benchmarkIndex,
  };
}

/**
 * TBT split by where Lighthouse says its long tasks came from, with its own rule (the part of a task after its first
 * 50 ms that falls between first contentful paint and interactive): the app's scripts, the page's HTML (parsing,
 * style, layout) and the rest, which Lighthouse cannot attribute (the browser's own work, such as creating the page's
 * JavaScript context). On a slow machine the last two can exceed the goal with no script at all (docs/operations.md).
 */
function blockingBySource(report, url) {
  const audits = report.audits;
  const from = audits['first-contentful-paint'].numericValue;
  const until = audits.interactive?.numericValue ?? Number.POSITIVE_INFINITY;
  const blocking = { scripts: 0, html: 0, other: 0 };
  for (const task of audits['long-tasks']?.details?.items ?? []) {
    const start = Math.max(task.startTime + 50, from);
    const end = Math.min(task.startTime + task.duration, until);
    if (end <= start) {
      continue;
    }
    const source = /\.m?js(\?|$)/.test(task.url) ? 'scripts' : task.url === url ? 'html' : 'other';
    blocking[source] += end - start;
  }
  return blocking;
}

function runLighthouse(url) {
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt += 1) {
    const figures = runLighthouseOnce(url);
    if (figures) {
      return figures;
    }
    console.error(`lighthouse could not measure ${url} (attempt ${attempt} of ${ATTEMPTS_PER_RUN})`);
  }
  throw new Error(`lighthouse failed on ${url} ${ATTEMPTS_PER_RUN} times`);
}

/** The run with the median performance score (ties: the median TBT), so its figures belong together. */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.tbtMs - a.tbtMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const external = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
const server = external ? { baseUrl: external, stop: async () => {} } : await startServer();
let hasMissed = false;
try {
  const pages = await pickPages(server.baseUrl);
  // Rounds over the five pages rather than one page at a time, so a busy minute does not fall on one page only.
  const runsByPage = new Map(pages.map(([name]) => [name, []]));
  for (let round = 0; round < RUNS; round += 1) {
    for (const [name, pagePath] of pages) {
      runsByPage.get(name).push(runLighthouse(`${server.baseUrl}${pagePath}`));
    }
  }
  console.log(`median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page (TBT of each run in brackets)`);
  console.log('page            score   LCP ms   CLS     TBT ms  JS KB (wire)  scripts');
  for (const [name] of pages) {
    const runs = runsByPage.get(name);
    const figures = medianRun(runs);
    const tbtRuns = runs.length > 1 ? `  [${runs.map((run) => Math.round(run.tbtMs)).join(', ')}]` : '';
    const { scripts, html, other } = figures.blocking;
    const tbtSources = `  TBT from scripts ${Math.round(scripts)}, HTML ${Math.round(html)}, unattributed ${Math.round(other)}`;
    const misses = [
      figures.score < GOALS.score && 'score',
      figures.lcpMs > GOALS.lcpMs && 'LCP',
      figures.cls > GOALS.cls && 'CLS',
      figures.tbtMs > GOALS.tbtMs && 'TBT',
      figures.jsKb > GOALS.jsKb && 'JS',
    ].filter(Boolean);
    hasMissed ||= misses.length > 0;
    console.log(
      `${name.padEnd(15)} ${figures.score.toFixed(2).padStart(5)} ${Math.round(figures.lcpMs).toString().padStart(8)} ${figures.cls.toFixed(3).padStart(6)} ${Math.round(figures.tbtMs).toString().padStart(8)} ${figures.jsKb.toFixed(1).padStart(12)} ${String(figures.scriptRequests).padStart(8)}${tbtRuns}${misses.length ? `  misses: ${misses.join(', ')}` : ''}${tbtSources}`,
    );
  }
  const indexes = [...runsByPage.values()].flat().flatMap((run) => run.benchmarkIndex ?? []);
  if (indexes.length > 0) {
    // Lighthouse's own measure of this machine's CPU (higher is faster): it says how far figures from two machines compare.
    const sortedIndexes = indexes.sort((a, b) => a - b);
    console.log(
      `machine: Lighthouse benchmark index ${Math.round(sortedIndexes[Math.floor(sortedIndexes.length / 2)])} (median of the runs)`,
    );
  }
  console.log(
    `goals: score >= ${GOALS.score}, LCP <= ${GOALS.lcpMs} ms, CLS <= ${GOALS.cls}, TBT <= ${GOALS.tbtMs} ms, JS <= ${GOALS.jsKb} KB`,
  );
} finally {
  await server.stop();
}
process.exit(hasMissed ? 1 : 0);
