import { ticketListSchema, type Ticket } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_QUERY_KEY } from './dashboard-query-key';

/**
 * GET /api/ticket/tickets. The server scopes a member's list to their own tickets; staff would get
 * every ticket, so the dashboard asks for the caller's own by id.
 */
export function getMyTickets(userId: string, signal?: AbortSignal): Promise<Ticket[]> {
  return api.get('/ticket/tickets', { query: { userId }, schema: ticketListSchema, signal });
}

/** Prefix of every cached ticket list of the dashboard. */
export const MY_TICKETS_QUERY_KEY = [...DASHBOARD_QUERY_KEY, 'tickets'] as const;

export const myTicketsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...MY_TICKETS_QUERY_KEY, userId],
    queryFn: ({ signal }) => getMyTickets(userId, signal),
  });

export function useMyTickets(userId: string | undefined) {
  return useQuery({ ...myTicketsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
