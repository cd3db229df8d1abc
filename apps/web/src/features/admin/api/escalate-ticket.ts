import { ticketActionResponseSchema, type Ticket } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TICKETS_QUERY_KEY } from './get-tickets';

/** POST /api/ticket/tickets/{id}/escalate: one way; answers with the ticket as it now is. */
export function escalateTicket(ticketId: string) {
  return api.post(`/ticket/tickets/${encodeURIComponent(ticketId)}/escalate`, undefined, {
    schema: ticketActionResponseSchema,
  });
}

export function useEscalateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: escalateTicket,
    onSuccess: ({ ticket }) => {
      queryClient.setQueriesData<Ticket[]>({ queryKey: TICKETS_QUERY_KEY }, (list) =>
        list?.map((t) => (t._id === ticket._id ? ticket : t)),
      );
      return queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY });
    },
  });
}
