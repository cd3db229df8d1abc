import { sql, type SQL } from 'drizzle-orm';
import type { Ticket } from '@stellar/shared';
import { tickets } from '../../db/schema';

export type TicketRow = typeof tickets.$inferSelect;

// Raw SQL with explicit aliases: Drizzle leaves columns unqualified in single-table selects,
// which inside a correlated subquery would bind to the inner table.

/** Time of a ticket's newest chat message (null for an empty thread), as a select field. */
export const lastMessageAtField = sql<Date | null>`(
  select max(m.timestamp) from ticket_messages m where m.ticket_id = "tickets"."id"
)`.mapWith(tickets.updatedAt);

/**
 * Messages by others newer than `userId`'s last read of the ticket, as a select field. `userId` is a
 * value, or an SQL expression of the query (the batched member lists pass their row's owner).
 */
export const unreadField = (userId: string | SQL) =>
  sql<number>`(
    select count(*) from ticket_messages m
    where m.ticket_id = "tickets"."id"
      and m.author_id is distinct from ${userId}::uuid
      and m.timestamp > coalesce(
        (select r.last_read_at from ticket_reads r
          where r.user_id = ${userId}::uuid and r.ticket_id = "tickets"."id"),
        '-infinity'::timestamptz)
  )`.mapWith(Number);

/** The API shape of a ticket row; `unread` only when computed for a caller. */
export function presentTicket(
  row: TicketRow,
  extra: { lastMessageAt: Date | null; unread?: number },
): Ticket {
  return {
    _id: row.id,
    username: row.username,
    userId: row.userId,
    transactionId: row.transactionId,
    message: row.message,
    priority: row.priority as Ticket['priority'],
    reason: row.reason as Ticket['reason'],
    escalated: row.escalated,
    status: row.status as Ticket['status'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastMessageAt: extra.lastMessageAt ? extra.lastMessageAt.toISOString() : null,
    ...(extra.unread !== undefined ? { unread: extra.unread } : {}),
  };
}
