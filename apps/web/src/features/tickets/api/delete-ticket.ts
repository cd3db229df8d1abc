import { messageResponseSchema, type Ticket } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-client';
import { ticketQueryOptions } from './get-ticket';
import { ticketKeys } from './ticket-keys';

/** DELETE /api/ticket/tickets/{id}: the owner or staff. */
export function deleteTicket(ticketId: string) {
  return api.delete(`/ticket/tickets/${encodeURIComponent(ticketId)}`, {
    schema: messageResponseSchema,
  });
}

/** Lets a screen tell that one of its tickets is being deleted (useIsMutating). */
export const deleteTicketMutationKey = [...ticketKeys.all, 'delete'] as const;

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteTicketMutationKey,
    mutationFn: deleteTicket,
    onSuccess: (_answer, ticketId) => {
      queryClient.setQueryData(ticketQueryOptions(ticketId).queryKey, null);
      queryClient.setQueriesData<Ticket[]>({ queryKey: ticketKeys.lists() }, (list) =>
        list?.filter((ticket) => ticket._id !== ticketId),
      );
      // Counts elsewhere (the admin overview) depend on the tickets: stale, refetched when shown.
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}
