import { z } from 'zod';
import { chatMessageSchema } from './chats';
import { ticketSchema } from './tickets';

// ---- Live updates: GET /api/ws?token=<session token> ----

/** Close codes of the live-update socket. */
export const WS_CLOSE = {
  /** The session is missing, expired or revoked: do not reconnect with this token. */
  sessionEnded: 4401,
  /** The account's access changed (role): reconnect and subscribe again. */
  reconnect: 4000,
  /** Too many or malformed frames. */
  policy: 1008,
  /** The server is shutting down: reconnect with backoff. */
  goingAway: 1001,
  /** The account already has the most live sockets allowed: close another tab, then retry. */
  tooManySockets: 4429,
} as const;

/** Live sockets one account may hold open on one server process. */
export const WS_SOCKETS_PER_USER = 10;

/** Frames the client sends (JSON text). */
export const wsClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), ticketId: z.string().max(100) }),
  z.strictObject({ type: z.literal('unsubscribe'), ticketId: z.string().max(100) }),
  z.strictObject({ type: z.literal('subscribe-queue') }),
  z.strictObject({ type: z.literal('unsubscribe-queue') }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

export const QUEUE_ACTIONS = ['created', 'updated', 'deleted', 'message'] as const;

/** Frames the server sends (JSON text). */
export const wsServerMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    user: z.object({ _id: z.string(), username: z.string(), role: z.string() }),
  }),
  z.object({ type: z.literal('subscribed'), ticketId: z.string() }),
  z.object({ type: z.literal('unsubscribed'), ticketId: z.string() }),
  z.object({ type: z.literal('subscribed-queue') }),
  z.object({ type: z.literal('unsubscribed-queue') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string(), ticketId: z.string().optional() }),
  z.object({ type: z.literal('message'), ticketId: z.string(), message: chatMessageSchema }),
  z.object({ type: z.literal('ticket'), ticketId: z.string(), ticket: ticketSchema }),
  z.object({ type: z.literal('ticket-deleted'), ticketId: z.string() }),
  z.object({
    type: z.literal('queue'),
    action: z.enum(QUEUE_ACTIONS),
    ticketId: z.string(),
    ticket: ticketSchema.optional(),
    message: chatMessageSchema.optional(),
  }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;
