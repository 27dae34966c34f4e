/**
 * Zod probes whether `new Function` works to compile faster validators; the Content-Security-Policy forbids
 * eval (no 'unsafe-eval'), so the probe only produced a violation report. Zod keeps its global settings on
 * `globalThis.__zod_globalConfig` and adopts an object already there, so setting it before zod loads turns the
 * probe off without importing zod into the first page load (zod comes with the forms that use it).
 * lib/zod-jitless.test.ts fails should a zod upgrade move the setting.
 */
export function makeZodJitless(): void {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
