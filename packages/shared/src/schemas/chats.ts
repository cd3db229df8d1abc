import { z } from 'zod';
import { CHAT_ROLES, plainText, SUPPORT_LIMITS } from './tickets';

/**
 * POST /api/tickets/{id}/chats. Staff may send as "Support" or as themselves; everyone else only as
 * themselves. The server's clock stamps every message: a client `timestamp` is ignored.
 */
export const sendChatBodySchema = z.strictObject({
  sender: z.string().max(SUPPORT_LIMITS.senderMax, 'Sender is too long').nullish(),
  role: z.enum(CHAT_ROLES, 'Role must be Username or Support').optional(),
  message: plainText('Message', SUPPORT_LIMITS.chatMessageMax),
  timestamp: z.union([z.string().max(100), z.number()]).nullish(),
});
export type SendChatBody = z.input<typeof sendChatBodySchema>;

/** A chat message. `author` (the real account, null once removed) is shown to Admins and Owners only. */
export const chatMessageSchema = z.object({
  _id: z.string(),
  sender: z.string(),
  role: z.enum(CHAT_ROLES),
  message: z.string(),
  timestamp: z.string(),
  author: z.string().nullable().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const chatListSchema = z.array(chatMessageSchema);

export const markReadResponseSchema = z.object({ ticketId: z.string(), lastReadAt: z.string() });
