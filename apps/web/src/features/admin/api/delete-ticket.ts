import { messageResponseSchema, type Ticket } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TICKETS_QUERY_KEY } from './get-tickets';

/** DELETE /api/ticket/tickets/{id}. */
export function deleteTicket(ticketId: string) {
  return api.delete(`/ticket/tickets/${encodeURIComponent(ticketId)}`, {
    schema: messageResponseSchema,
  });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSuccess: (_reply, ticketId) => {
      queryClient.setQueriesData<Ticket[]>({ queryKey: TICKETS_QUERY_KEY }, (list) =>
        list?.filter((t) => t._id !== ticketId),
      );
      return queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY });
    },
  });
}
