import type { FastifyInstance } from 'fastify';
import type { ChatMessage, WsServerMessage } from '@stellar/shared';
import type { Db } from '../../db/client';
import type { Delivery, Reach, Topic } from '../../plugins/realtime-hub';
import type { SessionUser } from '../auth';
import { QUEUE_ROOM, ticketRoom } from '../tickets';
import { loadChatMessage, messageForViewer, seesRealAuthor } from './chats.service';

/** A message posted to a ticket's thread (by id alone when too large for one NOTIFY). */
export interface ChatLiveEvent {
  ticketId: string;
  ownerId: string;
  messageId: string;
  message?: ChatMessage;
}

export const CHAT_TOPIC = 'chat';

const frameText = (frame: WsServerMessage) => JSON.stringify(frame);
/** One text per kind of viewer: Admins and Owners see a message's real author, others do not. */
const byAuthorView = (forAdmins: string, forOthers: string) => (viewer: SessionUser) =>
  seesRealAuthor(viewer.role) ? forAdmins : forOthers;

/**
 * Chat messages have no rooms of their own: they reach the ticket's followers and owner, and the
 * staff queue, each viewer seeing the real author only when their role may.
 */
export const chatTopic = {
  async project(db: Db, event: ChatLiveEvent, reaches: Reach): Promise<Delivery[]> {
    const followers = { rooms: [ticketRoom(event.ticketId)], users: [event.ownerId] };
    const queue = { rooms: [QUEUE_ROOM] };
    if (!reaches(followers.rooms, followers.users) && !reaches(queue.rooms)) return [];
    const message = event.message ?? (await loadChatMessage(db, event.messageId));
    if (!message) return [];
    const { ticketId } = event;
    const hidden = messageForViewer(message, 'Member');
    return [
      {
        ...followers,
        frame: byAuthorView(
          frameText({ type: 'message', ticketId, message }),
          frameText({ type: 'message', ticketId, message: hidden }),
        ),
      },
      {
        ...queue,
        frame: byAuthorView(
          frameText({ type: 'queue', action: 'message', ticketId, message }),
          frameText({ type: 'queue', action: 'message', ticketId, message: hidden }),
        ),
      },
    ];
  },
  /** A message too large for one NOTIFY travels by its id; project loads it. */
  shrink(event: ChatLiveEvent): ChatLiveEvent {
    const { message: _message, ...byId } = event;
    return byId;
  },
  /** A message posted (chats.commands records chat.message.created with the message itself). */
  fromOutbox: {
    'chat.message.created': (e) => {
      const payload = e.payload as { ticketId?: string; messageId?: string; message?: ChatMessage };
      if (!payload.ticketId || !payload.messageId || !e.userId) return null;
      return {
        ticketId: payload.ticketId,
        ownerId: e.userId,
        messageId: payload.messageId,
        ...(payload.message ? { message: payload.message } : {}),
      };
    },
  },
} satisfies Topic<ChatLiveEvent>;

export function registerChatTopic(app: FastifyInstance): void {
  app.realtime.registerTopic(CHAT_TOPIC, chatTopic);
}
