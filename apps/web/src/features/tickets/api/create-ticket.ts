import { createTicketResponseSchema, type CreateTicketBody } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketQueryOptions } from './get-ticket';
import { ticketKeys } from './ticket-keys';

export type CreateTicketInput = Pick<
  CreateTicketBody,
  'username' | 'userId' | 'transactionId' | 'message' | 'priority' | 'reason'
>;

/** POST /api/ticket/tickets: opens a ticket for the signed-in user; answers 201 { id, ticket }. */
export function createTicket(input: CreateTicketInput) {
  return api.post('/ticket/tickets', input, { schema: createTicketResponseSchema });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: ({ ticket }) => {
      queryClient.setQueryData(ticketQueryOptions(ticket._id).queryKey, ticket);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}
