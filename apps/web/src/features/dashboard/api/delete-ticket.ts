import { messageResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MY_TICKETS_QUERY_KEY } from './get-my-tickets';

/** DELETE /api/ticket/tickets/{id}: removes one of the member's tickets. */
export function deleteTicket(ticketId: string) {
  return api.delete(`/ticket/tickets/${encodeURIComponent(ticketId)}`, {
    schema: messageResponseSchema,
  });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_TICKETS_QUERY_KEY }),
  });
}
