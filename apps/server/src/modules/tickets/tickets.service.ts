import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  STAFF_ROLES,
  TICKET_NOT_FOUND,
  type Role,
  type Ticket,
  type listTicketsQuerySchema,
} from '@stellar/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { SessionUser } from '../auth';
import {
  lastMessageAtField,
  presentTicket,
  unreadField,
  type TicketRow,
} from './tickets.presenter';

type ListTicketsInput = z.output<typeof listTicketsQuerySchema>;
type Caller = Pick<SessionUser, 'id' | 'role'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isStaff = (role: Role) => STAFF_ROLES.includes(role);

/** Whether `user` may see the ticket (and its chat): its owner or staff. */
export const canAccessTicket = (user: Caller, ticket: Pick<TicketRow, 'userId'>) =>
  ticket.userId === user.id || isStaff(user.role);

/** Whether `id` can name a ticket at all (anything else is a 404 without a query). */
export const isTicketId = (id: string) => UUID.test(id);

/** The ticket row if `user` may see it; strangers get the same 404 as for a missing ticket. */
export async function findAccessibleTicket(db: Db, user: Caller, id: string): Promise<TicketRow> {
  if (!isTicketId(id)) throw notFound(TICKET_NOT_FOUND);
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  if (!row || !canAccessTicket(user, row)) throw notFound(TICKET_NOT_FOUND);
  return row;
}

/** Tickets the caller may see, most recent activity first: non-staff only ever get their own. */
export async function listTickets(
  db: Db,
  user: Caller,
  query: ListTicketsInput,
): Promise<{ tickets: Ticket[]; total: number }> {
  const conditions: SQL[] = [];
  if (!isStaff(user.role)) conditions.push(eq(tickets.userId, user.id));
  else if (query.userId) conditions.push(eq(tickets.userId, query.userId));
  if (query.status) conditions.push(eq(tickets.status, query.status));
  if (query.escalated !== undefined) conditions.push(eq(tickets.escalated, query.escalated));
  if (query.priority) conditions.push(eq(tickets.priority, query.priority));
  const where = conditions.length ? and(...conditions) : undefined;

  // Counting stops at TOTAL_CAP: an exact count of 200k tickets costs more than the page itself.
  // The count rides on the page's query (an uncorrelated subquery, run once); only an empty page
  // needs a query of its own for it.
  const capped = () =>
    db
      .select({ one: sql`1` })
      .from(tickets)
      .where(where)
      .limit(TOTAL_CAP)
      .as('capped');
  const rows = await db
    .select({
      ticket: tickets,
      lastMessageAt: lastMessageAtField,
      unread: unreadField(user.id),
      total: sql<number>`(select count(*) from ${capped()})`.mapWith(Number),
    })
    .from(tickets)
    .where(where)
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [totalRow] = await db.select({ total: count() }).from(capped());
    total = totalRow?.total ?? 0;
  }
  return { tickets: rows.map((r) => presentTicket(r.ticket, r)), total };
}

/** The ticket list's total (x-total-count) is exact up to this many, then reads as this many. */
export const TOTAL_CAP = 10_000;

/** One ticket as `user` sees it (with their unread count), or 404. */
export async function getTicket(db: Db, user: Caller, id: string): Promise<Ticket> {
  await findAccessibleTicket(db, user, id);
  return loadTicket(db, id, user.id);
}

/** A ticket by id for live events and action answers; `forUserId` adds that user's unread count. */
export async function loadTicket(db: Db, id: string, forUserId?: string): Promise<Ticket> {
  const [row] = await db
    .select({
      ticket: tickets,
      lastMessageAt: lastMessageAtField,
      ...(forUserId ? { unread: unreadField(forUserId) } : {}),
    })
    .from(tickets)
    .where(eq(tickets.id, id));
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return presentTicket(row.ticket, row as { lastMessageAt: Date | null; unread?: number });
}
