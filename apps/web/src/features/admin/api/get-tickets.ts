import { ticketListSchema, type Ticket } from '@stellar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-query-key';

export type TicketStatusFilter = 'all' | Ticket['status'];
export type TicketEscalatedFilter = 'all' | 'yes' | 'no';
export type TicketPriorityFilter = 'all' | Ticket['priority'];

export interface TicketListParams {
  status: TicketStatusFilter;
  escalated: TicketEscalatedFilter;
  priority: TicketPriorityFilter;
  page: number;
  pageSize: number;
}

/** Every staff ticket list, whatever its filters: what ticket mutations invalidate. */
export const TICKETS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'tickets'] as const;

/** GET /api/ticket/tickets: staff get every ticket, newest activity first. */
export function getTickets(params: TicketListParams, signal?: AbortSignal): Promise<Ticket[]> {
  return api.get('/ticket/tickets', {
    schema: ticketListSchema,
    signal,
    query: {
      status: params.status === 'all' ? undefined : params.status,
      escalated: params.escalated === 'all' ? undefined : params.escalated === 'yes',
      priority: params.priority === 'all' ? undefined : params.priority,
      page: params.page,
      pageSize: params.pageSize,
    },
  });
}

export const ticketsQueryOptions = (params: TicketListParams) =>
  queryOptions({
    queryKey: [...TICKETS_QUERY_KEY, params],
    queryFn: ({ signal }) => getTickets(params, signal),
    placeholderData: keepPreviousData,
  });

export function useTickets(params: TicketListParams) {
  return useQuery(ticketsQueryOptions(params));
}
