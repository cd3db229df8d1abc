import { and, eq, sql } from 'drizzle-orm';
import { TICKET_NOT_FOUND, type Ticket, type createTicketBodySchema } from '@stellar/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema';
import type { Actor, UserActor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/http-errors';
import { writeAudit } from '../audit';
import { recordEvent } from '../events';
import { presentTicket, type TicketRow } from './tickets.presenter';
import { findAccessibleTicket, isStaff, loadTicket } from './tickets.service';

type CreateTicketInput = z.output<typeof createTicketBodySchema>;

/** Opens a ticket for the signed-in user (owner and username come from the session). */
export async function createTicket(
  db: Db,
  actor: UserActor,
  input: CreateTicketInput,
): Promise<Ticket> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tickets)
      .values({
        userId: actor.id,
        username: actor.username,
        transactionId: input.transactionId ?? '',
        message: input.message,
        priority: input.priority ?? 'Low',
        reason: input.reason ?? 'General Inquiry',
      })
      .returning();
    await recordEvent(tx, {
      type: 'ticket.created',
      userId: actor.id,
      subjectType: 'ticket',
      subjectId: created!.id,
      payload: {
        ticketId: created!.id,
        username: created!.username,
        reason: created!.reason,
        priority: created!.priority,
        message: created!.message.slice(0, 1000),
      },
    });
    return created!;
  });
  return presentTicket(row, { lastMessageAt: null, unread: 0 });
}

const audited = (db: Db, actor: Actor, action: string, row: TicketRow) =>
  writeAudit(db, actor, {
    action: `ticket.${action}`,
    targetType: 'ticket',
    targetId: row.id,
    details: { owner: row.username },
  });

/** Deletes a ticket (owner or staff; staff deletions are audited). Returns the deleted row. */
export async function deleteTicket(db: Db, actor: UserActor, id: string): Promise<TicketRow> {
  const ticket = await findAccessibleTicket(db, actor, id);
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(tickets).where(eq(tickets.id, ticket.id)).returning();
    if (!row) throw notFound(TICKET_NOT_FOUND);
    if (isStaff(actor.role)) await audited(tx, actor, 'delete', row);
    await recordEvent(tx, {
      type: 'ticket.deleted',
      userId: row.userId,
      subjectType: 'ticket',
      subjectId: row.id,
      payload: { ticketId: row.id },
    });
    return row;
  });
}

/** Escalates a ticket, one way: a second escalation is a 409. Staff only (checked by the route). */
export async function escalateTicket(db: Db, actor: UserActor, id: string): Promise<Ticket> {
  const ticket = await findAccessibleTicket(db, actor, id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tickets)
      .set({ escalated: true, updatedAt: sql`now()` })
      .where(and(eq(tickets.id, ticket.id), eq(tickets.escalated, false)))
      .returning();
    if (!row) throw conflict('Ticket is already escalated.');
    await audited(tx, actor, 'escalate', row);
    await recordEvent(tx, {
      type: 'ticket.escalated',
      userId: row.userId,
      subjectType: 'ticket',
      subjectId: row.id,
      payload: {
        ticketId: row.id,
        username: row.username,
        reason: row.reason,
        priority: row.priority,
        escalatedBy: actor.username,
      },
    });
  });
  return loadTicket(db, ticket.id, actor.id);
}

/** Closes or reopens a ticket (owner or staff; staff changes are audited). */
export async function setTicketStatus(
  db: Db,
  actor: UserActor,
  id: string,
  status: 'open' | 'closed',
): Promise<Ticket> {
  const ticket = await findAccessibleTicket(db, actor, id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tickets)
      .set({ status, updatedAt: sql`now()` })
      .where(
        and(eq(tickets.id, ticket.id), eq(tickets.status, status === 'open' ? 'closed' : 'open')),
      )
      .returning();
    if (!row) {
      throw conflict(status === 'open' ? 'Ticket is already open.' : 'Ticket is already closed.');
    }
    if (isStaff(actor.role)) {
      await audited(tx, actor, status === 'open' ? 'reopen' : 'close', row);
    }
    await recordEvent(tx, {
      type: 'ticket.updated',
      userId: row.userId,
      subjectType: 'ticket',
      subjectId: row.id,
      payload: { ticketId: row.id, status },
    });
  });
  return loadTicket(db, ticket.id, actor.id);
}
