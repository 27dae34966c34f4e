import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Flags of Debian's Chromium wherever a script or test starts it (the browser tests, the bundle check, Lighthouse):
 * no sandbox as root, no GPU, no background network calls or component updates (TOOLCHAIN.md).
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Features of Chromium turned off. Its headless mode is the whole browser, and Chromium 156 builds the address bar's
 * drop-down (the omnibox popup, with its AI-mode composer) as a web page in a renderer of its own in every new
 * window: each browser context a test opened cost about 1.5 s of CPU for a page nobody sees, more than the tested
 * page's own load (a trace of one home-page load, 2026-12-05; docs/operations.md, "Tests and CI: test times").
 */
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'PreloadTopChromeWebUI',
];

const require = createRequire(import.meta.url);

/**
 * Chromium keeps only the last `--disable-features` of its command line, and Playwright passes a list of its own
 * before ours (features that break automation: paint holding, HTTPS upgrades, storage partitioning and more). Its
 * list is read from the installed playwright-core, so an upgrade that changes it changes ours.
 */
function playwrightDisabledFeatures() {
  const bundle = readFileSync(
    path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js'),
    'utf8',
  );
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
  const names = list?.replace(/\/\/[^\n]*/g, '').match(/"[A-Za-z0-9]+"/g);
  if (!names?.length) {
    throw new Error(
      "playwright-core's list of disabled Chromium features was not found: scripts/chromium-flags.mjs must learn where it moved",
    );
  }
  return names.map((name) => name.slice(1, -1));
}

/** Our flags and one `--disable-features` with the starter's own disabled features (it passes them first) and ours. */
function argsKeeping(startersFeatures) {
  const features = new Set([...startersFeatures, ...DISABLED_FEATURES]);
  return [...CHROMIUM_ARGS, `--disable-features=${[...features].join(',')}`];
}

/** The flags for `chromium.launch` of playwright-core. */
export function playwrightChromiumArgs() {
  return argsKeeping(playwrightDisabledFeatures());
}

/** The flags for Lighthouse's Chrome launcher, given its default flags (`Launcher.defaultFlags()`). */
export function lighthouseChromeFlags(launcherDefaultFlags) {
  return argsKeeping(
    launcherDefaultFlags
      .filter((flag) => flag.startsWith('--disable-features='))
      .flatMap((flag) => flag.slice('--disable-features='.length).split(',')),
  );
}
