import type { Ticket, WsServerMessage } from '@stellar/shared';
import type { QueryClient } from '@tanstack/react-query';
import { appendMessage, chatsQueryOptions } from '../api/get-chats';
import { ticketQueryOptions } from '../api/get-ticket';
import { ticketKeys } from '../api/ticket-keys';

/** Live events carry no unread count: keep the one the cache already has. */
function updateCachedTicket(queryClient: QueryClient, ticket: Ticket): void {
  const { queryKey } = ticketQueryOptions(ticket._id);
  // Only tickets someone looked at are cached; queue events for the others are not stored.
  if (queryClient.getQueryData(queryKey) === undefined) return;
  queryClient.setQueryData(queryKey, (cached) =>
    cached ? { ...ticket, unread: ticket.unread ?? cached.unread } : ticket,
  );
}

function forgetTicket(queryClient: QueryClient, ticketId: string): void {
  const { queryKey } = ticketQueryOptions(ticketId);
  if (queryClient.getQueryData(queryKey) !== undefined) queryClient.setQueryData(queryKey, null);
  queryClient.setQueriesData<Ticket[]>({ queryKey: ticketKeys.lists() }, (list) =>
    list?.filter((ticket) => ticket._id !== ticketId),
  );
}

// Lists are refetched rather than patched: the server owns their order, filters and unread counts.
const refreshLists = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });

/** Writes one live event into the TanStack Query cache of the support desk. */
export function applyRealtimeEvent(queryClient: QueryClient, event: WsServerMessage): void {
  switch (event.type) {
    case 'message':
      queryClient.setQueryData(chatsQueryOptions(event.ticketId).queryKey, (list) =>
        appendMessage(list, event.message),
      );
      refreshLists(queryClient);
      return;
    case 'ticket':
      updateCachedTicket(queryClient, event.ticket);
      refreshLists(queryClient);
      return;
    case 'ticket-deleted':
      forgetTicket(queryClient, event.ticketId);
      refreshLists(queryClient);
      return;
    case 'queue':
      if (event.action === 'deleted') forgetTicket(queryClient, event.ticketId);
      if (event.ticket) updateCachedTicket(queryClient, event.ticket);
      if (event.message) {
        const { message } = event;
        queryClient.setQueryData(chatsQueryOptions(event.ticketId).queryKey, (list) =>
          appendMessage(list, message),
        );
      }
      refreshLists(queryClient);
      return;
    case 'error':
      // A refused subscription: the ticket is gone or no longer ours; reading it again says which.
      if (event.ticketId) {
        void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(event.ticketId) });
      }
      return;
    default:
      return;
  }
}
