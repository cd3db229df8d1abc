import { ticketListSchema, type Ticket } from '@stellar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketKeys } from './ticket-keys';

export interface TicketListParams {
  userId?: string | undefined;
  status?: Ticket['status'] | undefined;
  escalated?: boolean | undefined;
  priority?: Ticket['priority'] | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/**
 * GET /api/ticket/tickets: newest activity first, each with the caller's unread count. Members
 * always get their own tickets; staff get everyone's unless `userId` narrows it. Every screen's list
 * (dashboard, chat, admin panel) is cached under ticketKeys.lists(), so one write updates them all.
 */
export function getTickets(params: TicketListParams, signal?: AbortSignal) {
  return api.get('/ticket/tickets', {
    query: {
      ...params,
      escalated: params.escalated?.toString(),
      pageSize: params.pageSize ?? 100,
    },
    schema: ticketListSchema,
    signal,
  });
}

export const ticketsQueryOptions = (params: TicketListParams = {}) =>
  queryOptions({
    queryKey: [...ticketKeys.lists(), params],
    queryFn: ({ signal }) => getTickets(params, signal),
  });

export function useTickets(params: TicketListParams = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...ticketsQueryOptions(params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
