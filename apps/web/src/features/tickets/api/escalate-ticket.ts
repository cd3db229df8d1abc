import { ticketActionResponseSchema, type Ticket } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketQueryOptions } from './get-ticket';
import { ticketKeys } from './ticket-keys';

/** POST /api/ticket/tickets/{id}/escalate: staff only, one way. */
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
      queryClient.setQueryData(ticketQueryOptions(ticket._id).queryKey, ticket);
      queryClient.setQueriesData<Ticket[]>({ queryKey: ticketKeys.lists() }, (list) =>
        list?.map((listed) => (listed._id === ticket._id ? { ...listed, ...ticket } : listed)),
      );
      return queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}
