import {
  SUPPORT_LIMITS,
  TICKET_NOT_FOUND,
  type WsClientMessage,
  type WsServerMessage,
} from '@stellar/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-errors';
import type { Delivery, Reach, Topic } from '../../plugins/realtime-hub';
import type { StoredEvent } from '../events';
import type { SessionUser } from '../auth';
import { findAccessibleTicket, isStaff, loadTicket } from './tickets.service';

/** What the ticket routes (and chat, when a message reopens one) publish after the commit. */
export type TicketLiveEvent =
  | { type: 'ticket'; ticketId: string; ownerId: string; action: 'created' | 'updated' }
  | { type: 'ticket-deleted'; ticketId: string; ownerId: string };

/** Topic names: a ticket's followers, and the staff queue (every ticket). */
export const TICKET_TOPIC = 'ticket';
export const QUEUE_TOPIC = 'queue';
/** The rooms a ticket's events reach: its followers (and its owner's sockets), the staff queue. */
export const QUEUE_ROOM = `${QUEUE_TOPIC}:all`;
export const ticketRoom = (id: string) => `${TICKET_TOPIC}:${id}`;

const ticketIdOf = (frame: WsClientMessage) => ('ticketId' in frame ? frame.ticketId : '');
const frameText = (frame: WsServerMessage) => JSON.stringify(frame);

function ticketChange(event: StoredEvent, action: 'created' | 'updated'): TicketLiveEvent | null {
  if (!event.subjectId || !event.userId) return null;
  return { type: 'ticket', ticketId: event.subjectId, ownerId: event.userId, action };
}

/** Following one ticket: its owner and staff may; strangers are told it does not exist. */
export const ticketTopic = {
  frames: {
    subscribe: 'subscribe',
    unsubscribe: 'unsubscribe',
    key: ticketIdOf,
    subscribed: (ticketId: string) => ({ type: 'subscribed', ticketId }) as const,
    unsubscribed: (ticketId: string) => ({ type: 'unsubscribed', ticketId }) as const,
    error: (message: string, frame: WsClientMessage) =>
      ({ type: 'error', message, ticketId: ticketIdOf(frame) }) as const,
  },
  maxPerSocket: SUPPORT_LIMITS.wsSubscriptionsMax,
  tooMany: 'You are following too many tickets.',
  async authorize(db: Db, user: SessionUser, ticketId: string) {
    try {
      // Events carry the canonical (lower-case) id.
      return { key: (await findAccessibleTicket(db, user, ticketId)).id };
    } catch (err) {
      if (err instanceof HttpError) return { error: TICKET_NOT_FOUND };
      throw err;
    }
  },
  /** A ticket event reaches its followers and owner, and (as a queue frame) the staff queue. */
  async project(db: Db, event: TicketLiveEvent, reaches: Reach): Promise<Delivery[]> {
    const followers = { rooms: [ticketRoom(event.ticketId)], users: [event.ownerId] };
    const queue = { rooms: [QUEUE_ROOM] };
    if (!reaches(followers.rooms, followers.users) && !reaches(queue.rooms)) return [];
    const { ticketId } = event;

    if (event.type === 'ticket-deleted') {
      return [
        {
          ...followers,
          frame: () => frameText({ type: 'ticket-deleted', ticketId }),
          closeRooms: [ticketRoom(ticketId)],
        },
        { ...queue, frame: () => frameText({ type: 'queue', action: 'deleted', ticketId }) },
      ];
    }

    const ticket = await loadTicket(db, ticketId).catch(() => null);
    if (!ticket) return [];
    const changed = frameText({ type: 'ticket', ticketId, ticket });
    const queued = frameText({ type: 'queue', action: event.action, ticketId, ticket });
    return [
      { ...followers, frame: () => changed },
      { ...queue, frame: () => queued },
    ];
  },
  /** The outbox events of ticket commands, as live events (the owner is the event's user). */
  fromOutbox: {
    'ticket.created': (e) => ticketChange(e, 'created'),
    'ticket.updated': (e) => ticketChange(e, 'updated'),
    'ticket.escalated': (e) => ticketChange(e, 'updated'),
    'ticket.deleted': (e) =>
      e.subjectId && e.userId
        ? { type: 'ticket-deleted', ticketId: e.subjectId, ownerId: e.userId }
        : null,
  },
} satisfies Topic<TicketLiveEvent>;

/** The staff queue: every ticket's changes and messages, for Support, Admins and Owners. */
export const queueTopic = {
  frames: {
    subscribe: 'subscribe-queue',
    unsubscribe: 'unsubscribe-queue',
    key: () => 'all',
    subscribed: () => ({ type: 'subscribed-queue' }) as const,
    unsubscribed: () => ({ type: 'unsubscribed-queue' }) as const,
    error: (message: string) => ({ type: 'error', message }) as const,
  },
  async authorize(_db: Db, user: SessionUser) {
    return isStaff(user.role)
      ? { key: 'all' }
      : { error: 'You do not have permission to do this.' };
  },
  // Queue frames are produced by the ticket topic's events.
  async project(): Promise<Delivery[]> {
    return [];
  },
} satisfies Topic<never>;

/** Registers the ticket and queue topics with the live-update hub (once, from the ticket routes). */
export function registerTicketTopics(app: FastifyInstance): void {
  app.realtime.registerTopic(TICKET_TOPIC, ticketTopic);
  app.realtime.registerTopic(QUEUE_TOPIC, queueTopic);
}
