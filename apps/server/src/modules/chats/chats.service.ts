import { desc, eq, sql } from 'drizzle-orm';
import {
  ADMIN_ROLES,
  SEND_AS_SOMEONE_ELSE,
  SUPPORT_LIMITS,
  SUPPORT_SENDER,
  TICKET_NOT_FOUND,
  type ChatMessage,
  type Role,
  type sendChatBodySchema,
} from '@stellar/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ticketMessages, ticketReads, tickets, users } from '../../db/schema';
import { Batcher, batcherPer, groupBy } from '../../lib/batcher';
import { forbidden, notFound } from '../../lib/http-errors';
import type { SessionUser } from '../auth';
import { canAccessTicket, findAccessibleTicket, isStaff, isTicketId } from '../tickets';

export type SendChatInput = z.output<typeof sendChatBodySchema>;
type Viewer = Pick<SessionUser, 'id' | 'role'>;

interface ChatRow {
  id: string;
  sender: string;
  role: string;
  message: string;
  timestamp: Date;
  author: string | null;
}

/** Only Admins and Owners see who really wrote a message. */
export const seesRealAuthor = (role: Role) => ADMIN_ROLES.includes(role);

/** The API shape of a chat message; `author` only when the viewer may see it. */
export function presentChatMessage(row: ChatRow, withAuthor: boolean): ChatMessage {
  return {
    _id: row.id,
    sender: row.sender,
    role: row.role as ChatMessage['role'],
    message: row.message,
    timestamp: row.timestamp.toISOString(),
    ...(withAuthor ? { author: row.author } : {}),
  };
}

/** A message as a viewer of `role` may see it: the real author only for Admins and Owners. */
export function messageForViewer(message: ChatMessage, role: Role): ChatMessage {
  if (seesRealAuthor(role)) return message;
  const { author: _author, ...shown } = message;
  return shown;
}

const chatColumns = {
  id: ticketMessages.id,
  sender: ticketMessages.sender,
  role: ticketMessages.role,
  message: ticketMessages.message,
  timestamp: ticketMessages.timestamp,
  author: users.username,
};

/**
 * The threads (each the newest SUPPORT_LIMITS.chatHistoryMax messages, newest first) of a batch of
 * tickets with each ticket's owner (for the access rule), in one prepared query: a row per message,
 * or one row with no message for an empty thread.
 */
const prepareThreads = (db: Db) => {
  const thread = db
    .select(chatColumns)
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    // Correlated with the ticket of the outer row (the lateral join below).
    .where(sql`${ticketMessages.ticketId} = "tickets"."id"`)
    .orderBy(desc(ticketMessages.timestamp), desc(ticketMessages.id))
    .limit(SUPPORT_LIMITS.chatHistoryMax)
    .as('thread');
  return db
    .select({
      ticketId: tickets.id,
      ticketUserId: tickets.userId,
      messageId: thread.id,
      sender: thread.sender,
      role: thread.role,
      message: thread.message,
      timestamp: thread.timestamp,
      author: thread.author,
    })
    .from(tickets)
    .leftJoinLateral(thread, sql`true`)
    .where(sql`${tickets.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(tickets.id, desc(thread.timestamp), desc(thread.id))
    .prepare('chat_threads_v1');
};
type ThreadRow = Awaited<ReturnType<ReturnType<typeof prepareThreads>['execute']>>[number];

/**
 * Thread reads of concurrent requests share one query per turn of the event loop (lib/batcher.ts),
 * made after each of them arrived; undefined for a ticket that does not exist.
 */
const threadReads = batcherPer((db: Db) => {
  const prepared = prepareThreads(db);
  return new Batcher<string, ThreadRow[] | undefined>(async (ids) => {
    const rows = await prepared.execute({ ids: [...new Set(ids)] });
    const byTicket = groupBy(rows, (row) => row.ticketId);
    return ids.map((id) => byTicket.get(id));
  });
});

/** A ticket's thread (the newest SUPPORT_LIMITS.chatHistoryMax messages), oldest first. */
export async function listChatMessages(
  db: Db,
  viewer: Viewer,
  ticketId: string,
): Promise<ChatMessage[]> {
  if (!isTicketId(ticketId)) throw notFound(TICKET_NOT_FOUND);
  const rows = await threadReads(db).load(ticketId.toLowerCase());
  const first = rows?.[0];
  if (!rows || !first || !canAccessTicket(viewer, { userId: first.ticketUserId })) {
    throw notFound(TICKET_NOT_FOUND);
  }
  const withAuthor = seesRealAuthor(viewer.role);
  const thread: ChatMessage[] = [];
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    const row = rows[i]!;
    if (row.messageId !== null) {
      thread.push(
        presentChatMessage(
          {
            id: row.messageId,
            sender: row.sender!,
            role: row.role!,
            message: row.message!,
            timestamp: row.timestamp!,
            author: row.author,
          },
          withAuthor,
        ),
      );
    }
  }
  return thread;
}

/** One message with its real author, for live events whose payload was too large to carry it. */
export async function loadChatMessage(db: Db, messageId: string): Promise<ChatMessage | null> {
  const [row] = await db
    .select(chatColumns)
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(eq(ticketMessages.id, messageId));
  return row ? presentChatMessage(row, true) : null;
}

/** Who a message is shown as: staff may send as "Support"; nobody may use another name. */
export function displayedSender(
  user: Pick<SessionUser, 'username' | 'role'>,
  input: SendChatInput,
) {
  const role = input.role ?? 'Username';
  const claimed = input.sender?.trim().toLowerCase() || null;
  const own = user.username.toLowerCase();
  if (role === 'Support') {
    if (!isStaff(user.role)) throw forbidden(SEND_AS_SOMEONE_ELSE);
    if (claimed && claimed !== own && claimed !== SUPPORT_SENDER.toLowerCase()) {
      throw forbidden(SEND_AS_SOMEONE_ELSE);
    }
    return { role, sender: SUPPORT_SENDER };
  }
  if (claimed && claimed !== own) throw forbidden(SEND_AS_SOMEONE_ELSE);
  return { role, sender: user.username };
}

/** Marks a ticket's thread read up to now for the caller (drives the unread counts). */
export async function markTicketRead(
  db: Db,
  user: Viewer,
  ticketId: string,
): Promise<{ ticketId: string; lastReadAt: string }> {
  const ticket = await findAccessibleTicket(db, user, ticketId);
  const [row] = await db
    .insert(ticketReads)
    .values({ userId: user.id, ticketId: ticket.id, lastReadAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [ticketReads.userId, ticketReads.ticketId],
      set: { lastReadAt: sql`clock_timestamp()` },
    })
    .returning();
  return { ticketId: ticket.id, lastReadAt: row!.lastReadAt.toISOString() };
}
