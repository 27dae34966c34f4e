/** Flags of Chromium for the browser tests, the bundle check and Lighthouse (chromium-flags.mjs). */
/** The flags for playwright-core's `chromium.launch`, with its own disabled features kept. */
export declare function playwrightChromiumArgs(): string[];
/** The flags for Lighthouse's Chrome launcher, with the launcher's own disabled features kept. */
export declare function lighthouseChromeFlags(launcherDefaultFlags: readonly string[]): string[];
