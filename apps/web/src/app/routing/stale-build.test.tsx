import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyRoute } from './lazy-route';
import { RouterErrorBoundary } from './router-error';
import {
  RELOAD_GUARD_MS,
  RELOAD_KEY,
  isChunkLoadError,
  mayReloadForChunk,
  watchChunkErrors,
} from './stale-build';

/** What Vite's import helper does when a chunk fails: the event, then the import rejects. */
function failedChunk(target: EventTarget, message = 'Failed to fetch dynamically imported module') {
  const error = new TypeError(message);
  const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
    payload: error,
  });
  target.dispatchEvent(event);
  return error;
}

/** A route screen whose chunk load rejects with `error`, rendered inside the router's boundary. */
async function renderFailingScreen(error: unknown, reload: () => void) {
  const Screen = lazyRoute(() => Promise.reject(error));
  render(
    <RouterErrorBoundary resetKey="k" reload={reload}>
      <Suspense fallback={<p>loading the screen</p>}>
        <Screen />
      </Suspense>
    </RouterErrorBoundary>,
  );
  await act(async () => {
    await Screen.preload().catch(() => undefined);
  });
}

describe('a chunk that failed to load (two deploys since the page was opened)', () => {
  const vite = new EventTarget();
  watchChunkErrors(vite);

  beforeEach(() => {
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('reloads the page once, showing the loading state meanwhile', async () => {
    const reload = vi.fn();
    await renderFailingScreen(failedChunk(vite), reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the latest version...');
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    const at = Number(sessionStorage.getItem(RELOAD_KEY));
    expect(Date.now() - at).toBeLessThan(5_000);
  });

  it('shows the error screen instead when it fails again right after such a reload', async () => {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now() - 1_000));
    const reload = vi.fn();
    await renderFailingScreen(failedChunk(vite), reload);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Unexpected Application Error!',
    );
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(
      'Failed to fetch dynamically imported module',
    );
  });

  it('reloads again once the last such reload is older than the guard', async () => {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now() - RELOAD_GUARD_MS - 1_000));
    const reload = vi.fn();
    await renderFailingScreen(failedChunk(vite), reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload for a load that failed otherwise (not reported by the import helper)', async () => {
    const reload = vi.fn();
    await renderFailingScreen(new Error('the loader failed'), reload);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('the loader failed');
    expect(sessionStorage.getItem(RELOAD_KEY)).toBeNull();
  });

  it('knows only the errors the helper reported, objects only', () => {
    const reported = failedChunk(vite);
    expect(isChunkLoadError(reported)).toBe(true);
    expect(isChunkLoadError(new TypeError(reported.message))).toBe(false);
    vite.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: 'text' }));
    expect(isChunkLoadError('text')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('does not reload when storage is blocked (nothing would stop a reload loop)', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(mayReloadForChunk()).toBe(false);
  });
});
