import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { WsClientMessage, WsServerMessage } from '@stellar/shared';
import { WS_CLOSE } from '@stellar/shared';
import type { Db } from '../db/client';
import type { SessionUser } from '../modules/auth';
import { eventOfNotice, type StoredEvent } from '../modules/events';
import { liveSessions } from './realtime-sessions';

/**
 * A kind of thing sockets follow (a ticket's thread, the staff queue). The hub knows rooms,
 * sockets and sessions; a topic knows who may follow what and what each viewer may see.
 * Registered by its module (tickets.realtime.ts) with app.realtime.registerTopic.
 */
export interface Topic<E = unknown> {
  /**
   * The client frames that follow and unfollow this topic, and the key (room) each names. A topic
   * without frames only publishes, into other topics' rooms.
   */
  frames?: {
    subscribe: WsClientMessage['type'];
    unsubscribe: WsClientMessage['type'];
    key: (frame: WsClientMessage) => string;
    subscribed: (key: string) => WsServerMessage;
    unsubscribed: (key: string) => WsServerMessage;
    error: (message: string, frame: WsClientMessage) => WsServerMessage;
  };
  /** How many keys of this topic one socket may follow. */
  maxPerSocket?: number;
  tooMany?: string;
  /** May `user` follow `key`? The canonical key, or the message the client is told. */
  authorize?: (
    db: Db,
    user: SessionUser,
    key: string,
  ) => Promise<{ key: string } | { error: string }>;
  /**
   * Who gets what for one published event of this topic. `reaches` says whether any socket of
   * this process follows one of the rooms or belongs to one of the users, so nobody's event
   * costs a query.
   */
  project: (db: Db, event: E, reaches: Reach) => Promise<Delivery[]>;
  /** A smaller form of the event for NOTIFY when the whole one is too large (project loads the rest). */
  shrink?: (event: E) => E;
  /**
   * Outbox events (written by commands in their transaction) this topic turns into its live events:
   * every process reads each committed event once from the outbox's NOTIFY.
   */
  fromOutbox?: Partial<Record<string, (event: StoredEvent) => E | null>>;
}

export type Reach = (rooms: string[], users?: string[]) => boolean;

/** One frame for the sockets in some rooms and of some users, shaped for each viewer. */
export interface Delivery {
  /** Full room names (`<topic>:<key>`). */
  rooms: string[];
  users?: string[];
  frame: (viewer: SessionUser) => string;
  /** Rooms that no longer exist after this delivery (their sockets stop following them). */
  closeRooms?: string[];
}

/** What travels through NOTIFY between processes. */
export type BusEvent =
  | { type: 'topic'; topic: string; event: unknown }
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
  rooms: Set<string>;
  alive: boolean;
}

export const roomOf = (topic: string, key: string) => `${topic}:${key}`;

/** The sockets of this process, the rooms each follows, and delivery of bus events to them. */
export class Hub {
  readonly clients = new Set<Client>();
  private readonly byRoom = new Map<string, Set<Client>>();
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly topics = new Map<string, Topic>();
  private readonly byFrame = new Map<string, { name: string; topic: Topic; follow: boolean }>();
  // Events are handled one at a time so each socket sees them in commit order.
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  registerTopic<E>(name: string, topic: Topic<E>): void {
    if (this.topics.has(name)) throw new Error(`live-update topic ${name} is registered twice`);
    this.topics.set(name, topic as Topic);
    if (!topic.frames) return;
    this.byFrame.set(topic.frames.subscribe, { name, topic: topic as Topic, follow: true });
    this.byFrame.set(topic.frames.unsubscribe, { name, topic: topic as Topic, follow: false });
  }

  topic(name: string): Topic | undefined {
    return this.topics.get(name);
  }

  add(ws: WebSocket, user: SessionUser): Client {
    const client: Client = { ws, user, checkedAt: Date.now(), rooms: new Set(), alive: true };
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
    for (const room of client.rooms) this.leave(client, room);
    this.byUser.get(client.user.id)?.delete(client);
    dropIfEmpty(this.byUser, client.user.id);
  }

  close(client: Client, code: number, reason: string): void {
    this.remove(client);
    client.ws.close(code, reason);
  }

  private join(client: Client, room: string): void {
    client.rooms.add(room);
    setOf(this.byRoom, room).add(client);
  }

  private leave(client: Client, room: string): void {
    client.rooms.delete(room);
    this.byRoom.get(room)?.delete(client);
    dropIfEmpty(this.byRoom, room);
  }

  /** Answers one frame of a client (already parsed and validated). */
  async handle(client: Client, frame: WsClientMessage): Promise<void> {
    if (frame.type === 'ping') return send(client, { type: 'pong' });
    const route = this.byFrame.get(frame.type);
    if (!route) return send(client, { type: 'error', message: 'Invalid message.' });
    if (!(await this.fresh([client])).length) return;
    const { name, topic } = route;
    const frames = topic.frames!;
    const key = frames.key(frame);
    if (!route.follow) {
      // Keys are canonical (lower-case ids); unfollowing needs no permission.
      this.leave(client, roomOf(name, key.toLowerCase()));
      return send(client, frames.unsubscribed(key.toLowerCase()));
    }
    const allowed = topic.authorize
      ? await topic.authorize(this.db, client.user, key)
      : { error: 'You do not have permission to do this.' };
    if ('error' in allowed) return send(client, frames.error(allowed.error, frame));
    if (!this.clients.has(client)) return;
    const room = roomOf(name, allowed.key);
    if (!client.rooms.has(room)) {
      const max = topic.maxPerSocket ?? Infinity;
      const following = [...client.rooms].filter((r) => r.startsWith(`${name}:`)).length;
      if (following >= max) {
        return send(client, frames.error(topic.tooMany ?? 'Too many subscriptions.', frame));
      }
      this.join(client, room);
    }
    return send(client, frames.subscribed(allowed.key));
  }

  /**
   * Queues an outbox NOTIFY for delivery: the event (carried, or read by id) goes to every topic
   * that projects its type. In the same queue as bus events, so sockets see commit order.
   */
  deliverOutbox(payload: string): Promise<void> {
    this.chain = this.chain
      .then(async () => {
        if (!this.clients.size) return;
        const stored = await eventOfNotice(this.db, payload);
        if (!stored) return;
        for (const [name, topic] of this.topics) {
          const live = topic.fromOutbox?.[stored.type]?.(stored);
          if (live) await this.dispatch({ type: 'topic', topic: name, event: live });
        }
      })
      .catch((err: unknown) => this.log.error({ err }, 'live update delivery failed'));
    return this.chain;
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
    const topic = this.topics.get(event.topic);
    if (!topic || !this.clients.size) return;
    const reaches: Reach = (rooms, users = []) =>
      rooms.some((room) => this.byRoom.has(room)) || users.some((user) => this.byUser.has(user));
    const deliveries = await topic.project(this.db, event.event, reaches);
    const targets = deliveries.map((d) => {
      const set = new Set<Client>();
      for (const room of d.rooms) for (const c of this.byRoom.get(room) ?? []) set.add(c);
      for (const user of d.users ?? []) for (const c of this.byUser.get(user) ?? []) set.add(c);
      return set;
    });
    const everyone = new Set(targets.flatMap((set) => [...set]));
    const live = everyone.size ? new Set(await this.fresh([...everyone])) : everyone;
    deliveries.forEach((delivery, i) => {
      for (const client of targets[i]!)
        if (live.has(client)) send(client, delivery.frame(client.user));
      for (const room of delivery.closeRooms ?? []) {
        for (const client of [...(this.byRoom.get(room) ?? [])]) this.leave(client, room);
      }
    });
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
