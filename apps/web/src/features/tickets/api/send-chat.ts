import { chatMessageSchema, type SendChatBody } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { appendMessage, chatsQueryOptions } from './get-chats';
import { ticketKeys } from './ticket-keys';

export interface SendChatInput {
  ticketId: string;
  body: Pick<SendChatBody, 'sender' | 'role' | 'message'>;
}

/** POST /api/tickets/{id}/chats: answers 201 with the stored message. */
export function sendChat({ ticketId, body }: SendChatInput) {
  return api.post(`/tickets/${encodeURIComponent(ticketId)}/chats`, body, {
    schema: chatMessageSchema,
  });
}

export function useSendChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChat,
    onSuccess: (message, { ticketId }) => {
      const { queryKey } = chatsQueryOptions(ticketId);
      // Show it at once; the live event carrying the same message is then a no-op.
      queryClient.setQueryData(queryKey, (list) => appendMessage(list, message));
      // The ticket's status (a member's reply reopens it) and the lists' order change.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
      ]);
    },
  });
}
