import { eq, sql } from 'drizzle-orm';
import { TICKET_NOT_FOUND, type ChatMessage } from '@stellar/shared';
import type { Db } from '../../db/client';
import { ticketMessages, tickets, users } from '../../db/schema';
import type { UserActor } from '../../lib/actor';
import { notFound } from '../../lib/http-errors';
import { recordEvent } from '../events';
import { findAccessibleTicket, isStaff } from '../tickets';
import { displayedSender, presentChatMessage, type SendChatInput } from './chats.service';

/**
 * Adds a message to a ticket's thread, stamped by the server, with the real author stored.
 * The owner's message reopens a closed ticket. Returns the message with its author (for live events).
 */
export async function sendChatMessage(
  db: Db,
  actor: UserActor,
  ticketId: string,
  input: SendChatInput,
): Promise<{ message: ChatMessage; reopened: boolean; ownerId: string }> {
  const ticket = await findAccessibleTicket(db, actor, ticketId);
  const shown = displayedSender(actor, input);
  // During "login as", the admin behind the session is the real author.
  const authorId = actor.impersonator?.id ?? actor.id;
  const isOwner = ticket.userId === actor.id;
  const author = actor.impersonator
    ? (actor.impersonator.username ??
      (await db.select({ u: users.username }).from(users).where(eq(users.id, authorId)))[0]?.u ??
      null)
    : actor.username;
  const { row, reopened } = await db.transaction(async (tx) => {
    // Lock the ticket first: a concurrent delete or status change waits for this message.
    const [before] = await tx
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, ticket.id))
      .for('update');
    if (!before) throw notFound(TICKET_NOT_FOUND);
    const [inserted] = await tx
      .insert(ticketMessages)
      .values({
        ticketId: ticket.id,
        authorId,
        sender: shown.sender,
        role: shown.role,
        message: input.message,
        timestamp: sql`clock_timestamp()`,
      })
      .returning();
    await tx
      .update(tickets)
      .set(isOwner ? { updatedAt: sql`now()`, status: 'open' } : { updatedAt: sql`now()` })
      .where(eq(tickets.id, ticket.id));
    // Webhooks hear of members' messages (staff replies are theirs already).
    if (!isStaff(actor.role)) {
      await recordEvent(tx, {
        type: 'ticket.message.created',
        userId: ticket.userId,
        subjectType: 'ticket',
        subjectId: ticket.id,
        payload: {
          ticketId: ticket.id,
          username: shown.sender,
          message: input.message.slice(0, 1000),
        },
      });
    }
    const reopened = isOwner && before.status === 'closed';
    // Live updates read these from the outbox: the message (with its real author; each viewer's
    // projection hides it) and, when the owner's message reopened the ticket, the change.
    await recordEvent(tx, {
      type: 'chat.message.created',
      userId: ticket.userId,
      subjectType: 'ticket',
      subjectId: ticket.id,
      payload: {
        ticketId: ticket.id,
        messageId: inserted!.id,
        message: presentChatMessage({ ...inserted!, author }, true),
      },
    });
    if (reopened) {
      await recordEvent(tx, {
        type: 'ticket.updated',
        userId: ticket.userId,
        subjectType: 'ticket',
        subjectId: ticket.id,
        payload: { ticketId: ticket.id, status: 'open' },
      });
    }
    return { row: inserted!, reopened };
  });
  return {
    message: presentChatMessage({ ...row, author }, true),
    reopened,
    ownerId: ticket.userId,
  };
}
