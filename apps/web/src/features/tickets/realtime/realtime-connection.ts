import type { QueryClient } from '@tanstack/react-query';
import { apiUrl } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-client';
import { ticketKeys } from '../api/ticket-keys';
import { applyRealtimeEvent } from './apply-realtime-event';
import { RealtimeClient } from './realtime-client';

/** Keeps the socket a moment after the last screen lets go, so moving between pages reuses it. */
const LINGER_MS = 5_000;

/** The address of the live-update socket for a token (the API base may be relative or absolute). */
export function realtimeUrl(token: string, base = window.location.href): string {
  const url = new URL(apiUrl('/ws'), base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}

interface Shared {
  token: string;
  queryClient: QueryClient;
  client: RealtimeClient;
  refs: number;
  linger: ReturnType<typeof setTimeout> | null;
  dispose: () => void;
}

let shared: Shared | null = null;

function open(token: string, queryClient: QueryClient): Shared {
  const client = new RealtimeClient({
    url: realtimeUrl(token),
    onEvent: (event) => applyRealtimeEvent(queryClient, event),
    onResync: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
    // The session ended (logout elsewhere, ban): re-reading the user lets the guard sign us out.
    onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
  const online = () => client.reconnectNow();
  window.addEventListener('online', online);
  client.start();
  return {
    token,
    queryClient,
    client,
    refs: 0,
    linger: null,
    dispose: () => {
      window.removeEventListener('online', online);
      client.stop();
    },
  };
}

/** The one live-update socket of the page (per session token), counted by its users. */
export function acquireRealtime(token: string, queryClient: QueryClient) {
  if (shared && (shared.token !== token || shared.queryClient !== queryClient)) {
    if (shared.linger) clearTimeout(shared.linger);
    shared.dispose();
    shared = null;
  }
  const entry = (shared ??= open(token, queryClient));
  if (entry.linger) clearTimeout(entry.linger);
  entry.linger = null;
  entry.refs += 1;
  let released = false;
  return {
    client: entry.client,
    release: () => {
      if (released) return;
      released = true;
      entry.refs -= 1;
      if (entry.refs > 0 || shared !== entry) return;
      entry.linger = setTimeout(() => {
        if (shared !== entry || entry.refs > 0) return;
        entry.dispose();
        shared = null;
      }, LINGER_MS);
    },
  };
}
