import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
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
import { Batcher, batcherPer, distinctBy, foldPages } from '../../lib/batcher';
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
  if (!isStaff(user.role) && !query.userId) {
    const { items, total } = await memberLists(db).load({ userId: user.id, query });
    return { tickets: items, total };
  }
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

/**
 * Members' own lists, any number of them in one prepared query: one row of `q` per list asked (its
 * owner, filters, page), joined laterally to that page of the owner's tickets, with the owner's
 * capped total. The same rows, order and total as listTickets' own query for a member.
 */
const prepareMemberLists = (db: Db) => {
  const filters = sql`(q.status is null or ${tickets.status} = q.status)
    and (q.escalated is null or ${tickets.escalated} = q.escalated)
    and (q.priority is null or ${tickets.priority} = q.priority)`;
  const page = db
    .select({
      ...getTableColumns(tickets),
      lastMessageAt: sql`${lastMessageAtField}`.mapWith(tickets.updatedAt).as('last_message_at'),
      unread: sql`${unreadField(sql`q.owner`)}`.mapWith(Number).as('unread'),
    })
    .from(tickets)
    .where(sql`${tickets.userId} = q.owner and ${filters}`)
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(sql`q.lim` as never)
    .offset(sql`q.off` as never)
    .as('page');
  const { lastMessageAt, unread, ...ticketColumns } = page._.selectedFields;
  const total = sql<number>`(select count(*) from (
      select 1 from ${tickets} where ${tickets.userId} = q.owner and ${filters} limit ${TOTAL_CAP}
    ) capped)`.mapWith(Number);
  return db
    .select({
      i: sql<number>`q.i`.mapWith(Number),
      total,
      ticket: ticketColumns,
      lastMessageAt: lastMessageAt as unknown as SQL<Date | null>,
      unread: unread as unknown as SQL<number>,
    })
    .from(
      sql`unnest(${sql.placeholder('owners')}::uuid[], ${sql.placeholder('statuses')}::text[],
        ${sql.placeholder('escalated')}::boolean[], ${sql.placeholder('priorities')}::text[],
        ${sql.placeholder('limits')}::int[], ${sql.placeholder('offsets')}::int[])
        with ordinality as q(owner, status, escalated, priority, lim, off, i)`,
    )
    .leftJoinLateral(page, sql`true`)
    .orderBy(sql`q.i`, desc(page.updatedAt), desc(page.id))
    .prepare('member_ticket_lists_v1');
};

type MemberList = { userId: string; query: ListTicketsInput };

/**
 * A member's own ticket list: concurrent lists share one query per turn of the event loop
 * (lib/batcher.ts), made after each of them arrived (on the embedded database a statement costs
 * about a millisecond of the one thread that serves every request).
 */
const memberLists = batcherPer((db: Db) => {
  const prepared = prepareMemberLists(db);
  return new Batcher<MemberList, { items: Ticket[]; total: number }>(async (asked) => {
    const { unique: lists, indexOf } = distinctBy(asked, ({ userId, query: q }) =>
      JSON.stringify([userId, q.status, q.escalated, q.priority, q.page, q.pageSize]),
    );
    const rows = await prepared.execute({
      owners: lists.map((l) => l.userId),
      statuses: lists.map((l) => l.query.status ?? null),
      escalated: lists.map((l) => l.query.escalated ?? null),
      priorities: lists.map((l) => l.query.priority ?? null),
      limits: lists.map((l) => l.query.pageSize),
      offsets: lists.map((l) => (l.query.page - 1) * l.query.pageSize),
    });
    return foldPages(rows, lists.length, indexOf, (row) =>
      row.ticket ? presentTicket(row.ticket, row) : null,
    );
  });
});

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
