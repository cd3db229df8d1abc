import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_REASONS } from '../constants';

/** Limits of the support desk (tickets, chat threads, live updates). */
export const SUPPORT_LIMITS = {
  ticketMessageMax: 5000,
  transactionIdMax: 200,
  chatMessageMax: 2000,
  senderMax: 100,
  ticketPageSizeDefault: 50,
  ticketPageSizeMax: 100,
  /** GET chats returns at most this many messages: the newest, oldest first. */
  chatHistoryMax: 1000,
  /** Tickets one live-update socket may follow at once. */
  wsSubscriptionsMax: 50,
} as const;

export const TICKET_STATUSES = ['open', 'closed'] as const;
export const CHAT_ROLES = ['Username', 'Support'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** Header carrying the total of a paginated list whose body is a bare array. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Sender shown for a staff message sent as "Support". */
export const SUPPORT_SENDER = 'Support';
export const SEND_AS_SOMEONE_ELSE = 'You cannot send messages as someone else.';
export const TICKET_NOT_FOUND = 'Ticket not found.';

// Plain text: NUL cannot be stored in PostgreSQL text, so it is dropped before trimming and counting.
const plainText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .transform((s) => s.replaceAll('\u0000', '').trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(max, `${label} must be at most ${max} characters`),
    );

/**
 * POST /api/ticket/tickets. `username` and `userId` are accepted for the spec's client but ignored:
 * the ticket belongs to the signed-in user.
 */
export const createTicketBodySchema = z.strictObject({
  username: z.string().max(200).nullish(),
  userId: z.string().max(200).nullish(),
  transactionId: z
    .string()
    .transform((s) => s.replaceAll('\u0000', '').trim())
    .pipe(
      z
        .string()
        .max(
          SUPPORT_LIMITS.transactionIdMax,
          `Transaction ID must be at most ${SUPPORT_LIMITS.transactionIdMax} characters`,
        ),
    )
    .nullish(),
  message: plainText('Message', SUPPORT_LIMITS.ticketMessageMax),
  priority: z.enum(TICKET_PRIORITIES, 'Priority must be Low, Medium or High').optional(),
  reason: z
    .enum(
      TICKET_REASONS,
      'Reason must be General Inquiry, Bug Report, Feature Request or Billing Issue',
    )
    .optional(),
});
export type CreateTicketBody = z.input<typeof createTicketBodySchema>;

const booleanQuery = z
  .enum(['true', 'false'], 'Must be true or false')
  .transform((v) => v === 'true');

/**
 * GET /api/ticket/tickets. A non-staff caller always gets their own tickets (userId is ignored);
 * staff get every ticket and may filter. Newest activity first.
 */
export const listTicketsQuerySchema = z.strictObject({
  userId: z.string().uuid('Invalid user id').optional(),
  status: z.enum(TICKET_STATUSES, 'Status must be open or closed').optional(),
  escalated: booleanQuery.optional(),
  priority: z.enum(TICKET_PRIORITIES, 'Priority must be Low, Medium or High').optional(),
  page: z.coerce.number().int().min(1, 'Page must be at least 1').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'Page size must be at least 1')
    .max(
      SUPPORT_LIMITS.ticketPageSizeMax,
      `Page size must be at most ${SUPPORT_LIMITS.ticketPageSizeMax}`,
    )
    .default(SUPPORT_LIMITS.ticketPageSizeDefault),
});
export type ListTicketsQuery = z.input<typeof listTicketsQuerySchema>;

/** A ticket as every call and live event shows it. */
export const ticketSchema = z.object({
  _id: z.string(),
  username: z.string(),
  userId: z.string(),
  transactionId: z.string(),
  message: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  reason: z.enum(TICKET_REASONS),
  escalated: z.boolean(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Time of the newest chat message, null when the thread is empty. */
  lastMessageAt: z.string().nullable(),
  /** Chat messages by others newer than the caller's last read (absent in live events). */
  unread: z.number().int().optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListSchema = z.array(ticketSchema);
export const createTicketResponseSchema = z.object({ id: z.string(), ticket: ticketSchema });
/** Escalate, close and reopen answer with the ticket as it now is. */
export const ticketActionResponseSchema = z.object({ message: z.string(), ticket: ticketSchema });

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

/** `{id}` of the ticket and chat paths; a malformed id is simply not found. */
export const ticketIdParamSchema = z.strictObject({ id: z.string().max(100) });
