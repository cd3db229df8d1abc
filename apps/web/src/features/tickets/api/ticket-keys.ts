import { SESSION_QUERY_KEY } from '@/lib/query-client';

/**
 * Query keys of the support desk. Everything sits under the session key, so signing in or out
 * drops it; the live-update client writes into the same keys.
 */
export const ticketKeys = {
  all: [...SESSION_QUERY_KEY, 'tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  details: () => [...ticketKeys.all, 'detail'] as const,
  detail: (ticketId: string) => [...ticketKeys.details(), ticketId] as const,
  chats: (ticketId: string) => [...ticketKeys.all, 'chats', ticketId] as const,
};
