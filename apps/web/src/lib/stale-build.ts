/** When the page last reloaded itself for a chunk it could not load (sessionStorage: this tab only). */
const RELOADED_AT_KEY = 'caravan.staleBuildReloadAt';
/** A chunk missing again this soon after such a reload is missing from the new build too: no second reload. */
export const STALE_BUILD_RELOAD_PAUSE_MS = 30_000;

function readReloadedAt(storage: Storage): number {
  try {
    return Number(storage.getItem(RELOADED_AT_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/**
 * A tab opened before a release asks, on its next navigation, for page chunks by their old hashed names, which the
 * new release no longer serves: the import fails and the page stayed empty between the header and the footer.
 * Vite reports such a failure as `vite:preloadError`; the page then reloads once, which loads the new release's
 * HTML and chunks at the same address. Another failure within STALE_BUILD_RELOAD_PAUSE_MS is left to the route's
 * error page (RouteError), so a chunk truly missing cannot reload the tab in a loop.
 */
export function reloadOnStaleBuild(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const storage = target.sessionStorage;
    const now = Date.now();
    if (now - readReloadedAt(storage) < STALE_BUILD_RELOAD_PAUSE_MS) {
      return;
    }
    try {
      storage.setItem(RELOADED_AT_KEY, String(now));
    } catch {
      // Without storage a reload could not tell it came from here: leave the error to the error page.
      return;
    }
    event.preventDefault();
    target.location.reload();
  });
}
