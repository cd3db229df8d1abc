import { markReadResponseSchema, type Ticket } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketKeys } from './ticket-keys';

/** POST /api/tickets/{id}/read: marks the thread read up to now for the caller. */
export function markTicketRead(ticketId: string) {
  return api.post(`/tickets/${encodeURIComponent(ticketId)}/read`, undefined, {
    schema: markReadResponseSchema,
  });
}

export function useMarkTicketRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTicketRead,
    // Zero the marker in the cached lists; a refetch would only say the same thing again.
    onSuccess: ({ ticketId }) => {
      const clear = (ticket: Ticket) =>
        ticket._id === ticketId && ticket.unread ? { ...ticket, unread: 0 } : ticket;
      queryClient.setQueriesData<Ticket[]>({ queryKey: ticketKeys.lists() }, (list) =>
        list?.map(clear),
      );
      queryClient.setQueryData<Ticket | null>(ticketKeys.detail(ticketId), (ticket) =>
        ticket ? clear(ticket) : ticket,
      );
    },
  });
}
