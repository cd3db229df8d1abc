import { TOKEN_STORAGE_KEY } from '@stellar/shared';
import { useSyncExternalStore } from 'react';

type Listener = () => void;
const listeners = new Set<Listener>();

// Storage can throw (disabled cookies, private modes); a missing token is the safe reading.
export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Stores the session token (spec: localStorage 'auth_token') and tells subscribers. */
export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Nothing to do: the session lasts as long as the page.
  }
  notify();
}

/** Forgets the session token and tells subscribers. */
export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Already unreadable, so already signed out.
  }
  notify();
}

function onStorage(event: StorageEvent): void {
  // Another tab signed in or out.
  if (event.key === TOKEN_STORAGE_KEY || event.key === null) notify();
}

/** Calls `listener` whenever the token changes, in this tab or another. Returns the unsubscribe. */
export function subscribeToken(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The current token, re-rendering when it changes. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
