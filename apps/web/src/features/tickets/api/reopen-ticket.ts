import { ticketActionResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketQueryOptions } from './get-ticket';
import { ticketKeys } from './ticket-keys';

/** POST /api/ticket/tickets/{id}/reopen: the owner or staff, on a closed ticket. */
export function reopenTicket(ticketId: string) {
  return api.post(`/ticket/tickets/${encodeURIComponent(ticketId)}/reopen`, undefined, {
    schema: ticketActionResponseSchema,
  });
}

export function useReopenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenTicket,
    onSuccess: ({ ticket }) => {
      queryClient.setQueryData(ticketQueryOptions(ticket._id).queryKey, ticket);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}
