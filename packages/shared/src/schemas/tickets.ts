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
export const plainText = (label: string, max: number) =>
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

/** `{id}` of the ticket and chat paths; a malformed id is simply not found. */
export const ticketIdParamSchema = z.strictObject({ id: z.string().max(100) });
