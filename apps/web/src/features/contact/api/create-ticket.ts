import {
  createTicketResponseSchema,
  type TICKET_PRIORITIES,
  type TICKET_REASONS,
} from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-client';

export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketReason = (typeof TICKET_REASONS)[number];

/** The spec's payload for POST /ticket/tickets (section 7). */
export interface CreateTicketInput {
  username: string;
  userId: string;
  transactionId: string;
  message: string;
  priority: TicketPriority;
  reason: TicketReason;
}

// Only the new id is read here: the ticket page loads the ticket itself.
const createdTicketSchema = createTicketResponseSchema.pick({ id: true });

/** POST /api/ticket/tickets: opens a support ticket; answers 201 { id, ticket }. */
export function createTicket(input: CreateTicketInput) {
  return api.post('/ticket/tickets', input, { schema: createdTicketSchema });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    // Ticket lists (dashboard, chat) live under the session key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
