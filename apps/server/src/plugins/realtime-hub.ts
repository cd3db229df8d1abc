import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  SUPPORT_LIMITS,
  TICKET_NOT_FOUND,
  WS_CLOSE,
  type ChatMessage,
  type WsClientMessage,
  type WsServerMessage,
} from '@stellar/shared';
import type { Db } from '../db/client';
import { HttpError } from '../lib/http-errors';
import type { SessionUser } from '../modules/auth';
import { loadChatMessage, messageForViewer, seesRealAuthor } from '../modules/chats';
import { findAccessibleTicket, isStaff, loadTicket } from '../modules/tickets';
import { liveSessions } from './realtime-sessions';

/** What the API publishes; every process delivers it to its own sockets. */
export type RealtimeEvent =
  | { type: 'message'; ticketId: string; ownerId: string; message: ChatMessage }
  | { type: 'ticket'; ticketId: string; ownerId: string; action: 'created' | 'updated' }
  | { type: 'ticket-deleted'; ticketId: string; ownerId: string };

/** What travels through NOTIFY: events, with a large message replaced by its id. */
export type BusEvent =
  | Exclude<RealtimeEvent, { type: 'message' }>
  | { type: 'message'; ticketId: string; ownerId: string; message?: ChatMessage; messageId: string }
  | { type: 'disconnect'; userId: string }
  | { type: 'session-ended'; sessionId: string }
  | { type: 'ping'; origin: string };

/** A session older than this is checked again before it receives anything. */
export const SESSION_RECHECK_MS = 5_000;
/** A socket that buffers more than this is too slow to keep. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export const ENDED = 'Your session has expired. Please log in again.';
export const ACCESS_CHANGED = 'Your access has changed. Please reconnect.';
export const TOO_MANY_SOCKETS =
  'Too many live connections for this account. Close another tab and retry.';

export interface Client {
  ws: WebSocket;
  user: SessionUser;
  checkedAt: number;
  tickets: Set<string>;
  queue: boolean;
  alive: boolean;
}

/** The sockets of this process, what each follows, and delivery of bus events to them. */
export class Hub {
  readonly clients = new Set<Client>();
  private readonly byTicket = new Map<string, Set<Client>>();
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly queue = new Set<Client>();
  // Events are handled one at a time so each socket sees them in commit order.
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(ws: WebSocket, user: SessionUser): Client {
    const client: Client = {
      ws,
      user,
      checkedAt: Date.now(),
      tickets: new Set(),
      queue: false,
      alive: true,
    };
    this.clients.add(client);
    setOf(this.byUser, user.id).add(client);
    return client;
  }

  /** How many live sockets this process holds for a user. */
  socketsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  remove(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const ticketId of client.tickets) this.byTicket.get(ticketId)?.delete(client);
    for (const ticketId of client.tickets) dropIfEmpty(this.byTicket, ticketId);
    this.byUser.get(client.user.id)?.delete(client);
    dropIfEmpty(this.byUser, client.user.id);
    this.queue.delete(client);
  }

  close(client: Client, code: number, reason: string): void {
    this.remove(client);
    client.ws.close(code, reason);
  }

  /** Answers one frame of a client (already parsed and validated). */
  async handle(client: Client, frame: WsClientMessage): Promise<void> {
    if (frame.type === 'ping') return send(client, { type: 'pong' });
    if (!(await this.fresh([client])).length) return;
    switch (frame.type) {
      case 'subscribe': {
        const row = await findAccessibleTicket(this.db, client.user, frame.ticketId).catch(
          (err: unknown) => {
            if (err instanceof HttpError) return null;
            throw err;
          },
        );
        if (!row) {
          return send(client, {
            type: 'error',
            message: TICKET_NOT_FOUND,
            ticketId: frame.ticketId,
          });
        }
        if (!this.clients.has(client)) return;
        // Events carry the canonical (lower-case) id.
        if (!client.tickets.has(row.id)) {
          if (client.tickets.size >= SUPPORT_LIMITS.wsSubscriptionsMax) {
            const message = 'You are following too many tickets.';
            return send(client, { type: 'error', message, ticketId: frame.ticketId });
          }
          client.tickets.add(row.id);
          setOf(this.byTicket, row.id).add(client);
        }
        return send(client, { type: 'subscribed', ticketId: row.id });
      }
      case 'unsubscribe': {
        const ticketId = frame.ticketId.toLowerCase();
        client.tickets.delete(ticketId);
        this.byTicket.get(ticketId)?.delete(client);
        dropIfEmpty(this.byTicket, ticketId);
        return send(client, { type: 'unsubscribed', ticketId });
      }
      case 'subscribe-queue':
        if (!isStaff(client.user.role)) {
          return send(client, { type: 'error', message: 'You do not have permission to do this.' });
        }
        client.queue = true;
        this.queue.add(client);
        return send(client, { type: 'subscribed-queue' });
      case 'unsubscribe-queue':
        client.queue = false;
        this.queue.delete(client);
        return send(client, { type: 'unsubscribed-queue' });
    }
  }

  /** Queues a bus event for delivery to this process's sockets. */
  deliver(event: BusEvent): Promise<void> {
    this.chain = this.chain
      .then(() => this.dispatch(event))
      .catch((err: unknown) => this.log.error({ err }, 'live update delivery failed'));
    return this.chain;
  }

  private async dispatch(event: BusEvent): Promise<void> {
    if (event.type === 'ping') return;
    if (event.type === 'disconnect') return this.disconnect(event.userId);
    if (event.type === 'session-ended') return this.endSession(event.sessionId);
    const followers = new Set([
      ...(this.byTicket.get(event.ticketId) ?? []),
      ...(this.byUser.get(event.ownerId) ?? []),
    ]);
    if (!followers.size && !this.queue.size) return;

    if (event.type === 'ticket-deleted') {
      const gone = { type: 'ticket-deleted', ticketId: event.ticketId } as const;
      const queued = { type: 'queue', action: 'deleted', ticketId: event.ticketId } as const;
      await this.fanOut(followers, () => gone, queued);
      for (const client of this.byTicket.get(event.ticketId) ?? []) {
        client.tickets.delete(event.ticketId);
      }
      this.byTicket.delete(event.ticketId);
      return;
    }

    if (event.type === 'message') {
      const message = event.message ?? (await loadChatMessage(this.db, event.messageId));
      if (!message) return;
      const forAdmins = JSON.stringify({ type: 'message', ticketId: event.ticketId, message });
      const forOthers = JSON.stringify({
        type: 'message',
        ticketId: event.ticketId,
        message: messageForViewer(message, 'Member'),
      });
      await this.fanOut(
        followers,
        (client) => (seesRealAuthor(client.user.role) ? forAdmins : forOthers),
        { type: 'queue', action: 'message', ticketId: event.ticketId, message },
      );
      return;
    }

    const ticket = await loadTicket(this.db, event.ticketId).catch(() => null);
    if (!ticket) return;
    const changed = JSON.stringify({ type: 'ticket', ticketId: event.ticketId, ticket });
    await this.fanOut(followers, () => changed, {
      type: 'queue',
      action: event.action,
      ticketId: event.ticketId,
      ticket,
    });
  }

  /** Sends to followers and to the staff queue, after dropping sockets whose session ended. */
  private async fanOut(
    followers: Set<Client>,
    frame: (client: Client) => string | WsServerMessage,
    queued: Extract<WsServerMessage, { type: 'queue' }>,
  ): Promise<void> {
    const live = new Set(await this.fresh([...new Set([...followers, ...this.queue])]));
    for (const client of followers) if (live.has(client)) send(client, frame(client));
    if (!this.queue.size) return;
    const queueFrames = new Map<boolean, string>();
    for (const client of this.queue) {
      if (!live.has(client)) continue;
      const admin = seesRealAuthor(client.user.role);
      if (!queueFrames.has(admin)) {
        const shown = queued.message
          ? {
              ...queued,
              message: admin ? queued.message : messageForViewer(queued.message, 'Member'),
            }
          : queued;
        queueFrames.set(admin, JSON.stringify(shown));
      }
      send(client, queueFrames.get(admin)!);
    }
  }

  /**
   * The clients whose session is still live. Sessions checked in the last SESSION_RECHECK_MS are
   * trusted; the others are re-read in one query, and those that ended are closed (4401).
   * `force` re-reads every one of them.
   */
  async fresh(clients: Client[], force = false): Promise<Client[]> {
    const now = Date.now();
    const stale = clients.filter((c) => force || now - c.checkedAt > SESSION_RECHECK_MS);
    if (!stale.length) return clients;
    const live = await liveSessions(this.db, [...new Set(stale.map((c) => c.user.sessionId))]);
    const ended = new Set<Client>();
    for (const client of stale) {
      const user = live.get(client.user.sessionId);
      if (!user || user.mustChangePassword) {
        ended.add(client);
        this.close(client, WS_CLOSE.sessionEnded, ENDED);
      } else if (user.role !== client.user.role) {
        // Subscriptions were authorised for the old role: the client reconnects and asks again.
        ended.add(client);
        this.close(client, WS_CLOSE.reconnect, ACCESS_CHANGED);
      } else {
        client.user = user;
        client.checkedAt = now;
      }
    }
    return clients.filter((c) => !ended.has(c));
  }

  /** Closes a user's sockets: 4401 if their session ended, else 4000 so they reconnect. */
  private async disconnect(userId: string): Promise<void> {
    const clients = [...(this.byUser.get(userId) ?? [])];
    for (const client of await this.fresh(clients, true)) {
      this.close(client, WS_CLOSE.reconnect, ACCESS_CHANGED);
    }
  }

  /** Closes the sockets of one session (logout) with 4401, without waiting for the sweep. */
  private endSession(sessionId: string): void {
    for (const client of [...this.clients]) {
      if (client.user.sessionId === sessionId) this.close(client, WS_CLOSE.sessionEnded, ENDED);
    }
  }

  /** Keep-alive: sockets that did not answer the previous ping are dropped. */
  ping(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        this.remove(client);
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  }
}

export function send(client: Client, frame: string | WsServerMessage): void {
  if (client.ws.readyState !== client.ws.OPEN) return;
  if (client.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    client.ws.close(1013, 'Too slow to keep up.');
    return;
  }
  client.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
}

function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

function dropIfEmpty<K, V>(map: Map<K, Set<V>>, key: K): void {
  if (map.get(key)?.size === 0) map.delete(key);
}
