import { chatListSchema, type ChatMessage } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketKeys } from './ticket-keys';

/** GET /api/tickets/{id}/chats: the thread, oldest first (`author` only for Admins and Owners). */
export function getChats(ticketId: string, signal?: AbortSignal) {
  return api.get(`/tickets/${encodeURIComponent(ticketId)}/chats`, {
    schema: chatListSchema,
    signal,
  });
}

export const chatsQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: ticketKeys.chats(ticketId),
    queryFn: ({ signal }) => getChats(ticketId, signal),
  });

export function useChats(ticketId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...chatsQueryOptions(ticketId), enabled: options.enabled ?? true });
}

/** Adds a message to a cached thread once (the sender's answer and the live event both bring it). */
export function appendMessage(list: ChatMessage[] | undefined, message: ChatMessage) {
  if (!list) return list;
  if (list.some((existing) => existing._id === message._id)) return list;
  return [...list, message];
}
