import { ticketSchema, type Ticket } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { ticketKeys } from './ticket-keys';

/** GET /api/ticket/tickets/{id}: the ticket, or null when it does not exist (or is not ours). */
export async function getTicket(ticketId: string, signal?: AbortSignal): Promise<Ticket | null> {
  try {
    return await api.get(`/ticket/tickets/${encodeURIComponent(ticketId)}`, {
      schema: ticketSchema,
      signal,
    });
  } catch (error) {
    // The server answers 404 for a missing ticket and for someone else's: both are "not found".
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const ticketQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: ticketKeys.detail(ticketId),
    queryFn: ({ signal }) => getTicket(ticketId, signal),
  });

export function useTicket(ticketId: string) {
  return useQuery(ticketQueryOptions(ticketId));
}
