// A tab opened before a deploy still runs the old build. A build keeps the previous build's chunks
// (scripts/publish-web-build.mjs), but not the ones of the build before, so a tab two deploys old
// (or one whose chunk is missing for another reason) finds the first screen it has not loaded yet
// failing to import. React's lazy() keeps that error, so only a reload gets the page back; the
// router's boundary does it, once (router-error.tsx).

/** The errors of chunks that failed to load, as Vite's import helper reported them. */
const chunkErrors = new WeakSet<object>();

/** The event Vite's build dispatches on window when a dynamic import or its preloads fail. */
type PreloadErrorEvent = Event & { payload?: unknown };

/**
 * Notes every failed chunk load of the built app (Vite's `vite:preloadError`, dispatched before the
 * import's promise rejects with the same error), so that isChunkLoadError() knows it. main.tsx.
 */
export function watchChunkErrors(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const error = (event as PreloadErrorEvent).payload;
    if (typeof error === 'object' && error !== null) chunkErrors.add(error);
  });
}

/**
 * Whether `error` came from Vite's import helper: a chunk or one of its preloads that failed to load
 * (or a chunk that threw as it ran), not a screen that failed to render.
 */
export function isChunkLoadError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && chunkErrors.has(error);
}

/** sessionStorage: when the page last reloaded for a chunk that failed to load (ms since epoch). */
export const RELOAD_KEY = 'stellar:chunk-reload';
/**
 * A chunk that still fails within this long of such a reload is not a deploy (the server or the
 * network is failing): the error screen shows, instead of reloading again and again.
 */
export const RELOAD_GUARD_MS = 30_000;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: no guard against a reload loop, so no reload
  }
}

/** Whether a failed chunk may reload the page now (none did within RELOAD_GUARD_MS). */
export function mayReloadForChunk(now = Date.now()): boolean {
  const store = storage();
  if (!store) return false;
  const last = Number(store.getItem(RELOAD_KEY));
  return !(last > now - RELOAD_GUARD_MS && last <= now);
}

/** Records the reload (for mayReloadForChunk) and reloads the page at its current URL. */
export function reloadForChunk(reload: () => void, now = Date.now()): void {
  storage()?.setItem(RELOAD_KEY, String(now));
  reload();
}
