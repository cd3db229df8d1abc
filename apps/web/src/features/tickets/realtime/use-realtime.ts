import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useSessionToken } from '@/lib/session';
import type { RealtimeClient, RealtimeStatus } from './realtime-client';
import { acquireRealtime } from './realtime-connection';

/** The page's live-update client while the component is mounted (null when signed out). */
function useRealtimeClient(): RealtimeClient | null {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const [client, setClient] = useState<RealtimeClient | null>(null);
  useEffect(() => {
    if (!token) return;
    const { client: acquired, release } = acquireRealtime(token, queryClient);
    setClient(acquired);
    return () => {
      release();
      setClient(null);
    };
  }, [token, queryClient]);
  return client;
}

function useStatus(client: RealtimeClient | null): RealtimeStatus {
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.onStatus(listener) : () => {}),
    [client],
  );
  return useSyncExternalStore(
    subscribe,
    () => client?.status ?? 'connecting',
    () => 'connecting' as const,
  );
}

/**
 * Live updates for the signed-in user: events about their own tickets arrive without subscribing.
 * Returns the connection status.
 */
export function useLiveUpdates(): RealtimeStatus {
  return useStatus(useRealtimeClient());
}

/** Follows one ticket live (its messages, escalation, status, deletion). */
export function useLiveTicket(ticketId: string | null | undefined): RealtimeStatus {
  const client = useRealtimeClient();
  useEffect(() => {
    if (!client || !ticketId) return;
    return client.subscribe(ticketId);
  }, [client, ticketId]);
  return useStatus(client);
}

/** Follows the staff queue (every ticket) while `enabled`. */
export function useLiveQueue(enabled: boolean): RealtimeStatus {
  const client = useRealtimeClient();
  useEffect(() => {
    if (!client || !enabled) return;
    return client.subscribeQueue();
  }, [client, enabled]);
  return useStatus(client);
}
