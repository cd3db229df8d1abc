import { ticketActionResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketQueryOptions } from './get-ticket';
import { ticketKeys } from './ticket-keys';

/** POST /api/ticket/tickets/{id}/close: the owner or staff, on an open ticket. */
export function closeTicket(ticketId: string) {
  return api.post(`/ticket/tickets/${encodeURIComponent(ticketId)}/close`, undefined, {
    schema: ticketActionResponseSchema,
  });
}

export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTicket,
    onSuccess: ({ ticket }) => {
      queryClient.setQueryData(ticketQueryOptions(ticket._id).queryKey, ticket);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}
