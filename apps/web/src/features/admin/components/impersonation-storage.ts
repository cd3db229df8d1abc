import { TOKEN_STORAGE_KEY } from '@stellar/shared';
import { useSyncExternalStore } from 'react';
import { reloadAt } from './reload-at';

/** Where the admin's own token waits while they are signed in as someone else. */
export const ADMIN_TOKEN_STORAGE_KEY = 'stellar_admin_token';

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage is unavailable: there is no session to keep either.
  }
}

export const getSavedAdminToken = (): string | null => read(ADMIN_TOKEN_STORAGE_KEY);

/** Forgets a saved admin token left over from an earlier impersonation. */
export function clearSavedAdminToken(): void {
  write(ADMIN_TOKEN_STORAGE_KEY, null);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === ADMIN_TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The saved admin token, re-rendering when it changes (in this tab or another). */
export function useSavedAdminToken(): string | null {
  return useSyncExternalStore(subscribe, getSavedAdminToken, () => null);
}

/**
 * Login as: keeps the admin's token aside, stores the borrowed one and reloads on the dashboard.
 * The tokens are written without notifying the app: the reload starts the new session cleanly,
 * instead of the admin panel re-rendering for a Member in between.
 */
export function startImpersonation(token: string): void {
  // The server refuses login-as from a borrowed session, so the stored token is the admin's own.
  const own = read(TOKEN_STORAGE_KEY);
  if (own) write(ADMIN_TOKEN_STORAGE_KEY, own);
  write(TOKEN_STORAGE_KEY, token);
  reloadAt('/user-dashboard');
}

/** Return to my account: the admin's own token back in place, then the admin panel. */
export function restoreAdminSession(): void {
  const own = getSavedAdminToken();
  write(TOKEN_STORAGE_KEY, own);
  write(ADMIN_TOKEN_STORAGE_KEY, null);
  reloadAt(own ? '/admin-panel' : '/login');
}
