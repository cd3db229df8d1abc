import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import { WS_CLOSE, WS_SOCKETS_PER_USER, wsClientMessageSchema } from '@stellar/shared';
import { findSessionUser } from '../modules/auth';
import { EVENTS_CHANNEL } from '../modules/events';
import { bearerToken, PASSWORD_CHANGE_REQUIRED } from './auth';
import {
  ENDED,
  Hub,
  SESSION_RECHECK_MS,
  TOO_MANY_SOCKETS,
  send,
  type BusEvent,
  type Topic,
} from './realtime-hub';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      /**
       * Adds a kind of thing sockets follow (rooms, who may follow, what each viewer sees).
       * Modules register theirs when their routes load (tickets.realtime.ts).
       */
      registerTopic: <E>(name: string, topic: Topic<E>) => void;
      /** Sends an event of a topic to every process's sockets (NOTIFY); never throws. */
      publish: <E>(topic: string, event: E) => Promise<void>;
      /**
       * Closes every live socket of a user on every process: 4401 when their session has ended (ban,
       * removal, logout), else 4000 so the client reconnects with its new role. Never throws.
       */
      disconnectUser: (userId: string) => Promise<void>;
      /** Closes the sockets of one session (logout) on every process with 4401. Never throws. */
      endSession: (sessionId: string) => Promise<void>;
    };
  }
}

/** The one NOTIFY channel every process listens on. */
export const CHANNEL = 'stellar_events';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay clear of it.
const MAX_PAYLOAD_BYTES = 7_500;
const PING_MS = 30_000;
const WATCHDOG_MS = 30_000;
const FRAME_WINDOW_MS = 10_000;
const FRAMES_PER_WINDOW = 100;
const MINUTE = 60_000;

/** Encodes an event for NOTIFY: one too large to travel goes in its topic's smaller form. */
export function encodeEvent(
  event: BusEvent,
  topic?: { shrink?: (event: never) => unknown },
): string {
  const payload = JSON.stringify(event);
  if (event.type !== 'topic' || Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return payload;
  if (!topic?.shrink) throw new Error(`live update of ${event.topic} is too large for NOTIFY`);
  return JSON.stringify({ ...event, event: topic.shrink(event.event as never) });
}

function decodeEvent(payload: string): BusEvent | null {
  try {
    const event = JSON.parse(payload) as BusEvent;
    return event && typeof event.type === 'string' ? event : null;
  } catch {
    return null;
  }
}

/**
 * Live updates: GET /api/ws (token in `?token=` or the Authorization header), and
 * app.realtime.publish / disconnectUser, carried across processes by LISTEN/NOTIFY on one channel.
 */
export default fp(
  async function realtimePlugin(app: FastifyInstance) {
    await app.register(websocket, {
      options: { maxPayload: 4096 },
      // Tell clients why they are dropped (1001: reconnect later) instead of a bare close.
      preClose(done) {
        for (const socket of app.websocketServer.clients) {
          socket.close(WS_CLOSE.goingAway, 'Server restarting.');
        }
        app.websocketServer.close();
        done();
      },
    });
    const hub = new Hub(app.db, app.log);

    const notify = async (event: BusEvent) => {
      try {
        const topic = event.type === 'topic' ? hub.topic(event.topic) : undefined;
        await app.db.execute(sql`select pg_notify(${CHANNEL}, ${encodeEvent(event, topic)})`);
      } catch (err) {
        app.log.error({ err, event: event.type }, 'could not publish a live update');
      }
    };
    app.decorate('realtime', {
      registerTopic: <E>(name: string, topic: Topic<E>) => hub.registerTopic(name, topic),
      publish: <E>(topic: string, event: E) => notify({ type: 'topic', topic, event }),
      disconnectUser: (userId: string) => notify({ type: 'disconnect', userId }),
      endSession: (sessionId: string) => notify({ type: 'session-ended', sessionId }),
    });

    // Our own pings coming back prove the LISTEN connection is alive; when they stop (database
    // restart), listen again and ask clients to reconnect, since they may have missed events.
    const origin = randomUUID();
    let heardAt = Date.now();
    let closing = false;
    const onPayload = (payload: string) => {
      const event = decodeEvent(payload);
      if (!event) return;
      if (event.type === 'ping') {
        if (event.origin === origin) heardAt = Date.now();
        return;
      }
      void hub.deliver(event);
    };
    // Domain events committed by commands (tickets, chat messages) arrive through the outbox.
    const onOutbox = (payload: string) => void hub.deliverOutbox(payload);
    const listenBoth = async () => {
      const bus = await app.database.listen(CHANNEL, onPayload);
      const outbox = await app.database.listen(EVENTS_CHANNEL, onOutbox);
      return async () => {
        await bus();
        await outbox();
      };
    };
    let unlisten = await listenBoth();
    const relisten = async () => {
      await unlisten().catch(() => undefined);
      unlisten = await listenBoth();
      heardAt = Date.now();
      app.log.warn('live updates: listening again; clients are asked to reconnect');
      for (const client of [...hub.clients]) {
        hub.close(client, WS_CLOSE.reconnect, 'Please reconnect.');
      }
    };
    const watchdog = setInterval(() => {
      void (async () => {
        if (Date.now() - heardAt > 2.5 * WATCHDOG_MS && !closing) await relisten();
        await notify({ type: 'ping', origin });
      })().catch((err: unknown) => app.log.warn({ err }, 'live updates: listener check failed'));
    }, WATCHDOG_MS);

    const sweep = setInterval(() => {
      hub.fresh([...hub.clients], true).catch((err: unknown) => {
        app.log.warn({ err }, 'could not re-check live sessions');
      });
    }, SESSION_RECHECK_MS - 1_000);
    const keepAlive = setInterval(() => hub.ping(), PING_MS);
    for (const timer of [watchdog, sweep, keepAlive]) timer.unref();

    app.addHook('preClose', async () => {
      closing = true;
      for (const timer of [watchdog, sweep, keepAlive]) clearInterval(timer);
      for (const client of [...hub.clients]) {
        hub.close(client, WS_CLOSE.goingAway, 'Server restarting.');
      }
      await unlisten().catch(() => undefined);
    });

    const connectLimit = app.limit({
      name: 'ws-connect',
      max: 60,
      windowMs: MINUTE,
      key: (request) => request.ip,
    });

    app.route({
      method: 'GET',
      url: '/api/ws',
      schema: { hide: true },
      preHandler: connectLimit,
      handler: async (_request, reply) =>
        reply.status(426).send({ message: 'Connect to this address with a WebSocket client.' }),
      wsHandler: (socket, request) => connect(socket, request),
    });

    /** Authenticates a new socket, then answers its frames in order. */
    function connect(ws: WebSocket, request: FastifyRequest) {
      const query = request.query as { token?: unknown };
      const token = bearerToken(request) ?? (typeof query.token === 'string' ? query.token : null);
      let frames = 0;
      let windowStart = Date.now();
      const ready = (async () => {
        const user = token && token.length <= 200 ? await findSessionUser(app.db, token) : null;
        if (!user || user.mustChangePassword) {
          const reason = !token
            ? 'Authentication required.'
            : user
              ? PASSWORD_CHANGE_REQUIRED
              : ENDED;
          ws.close(WS_CLOSE.sessionEnded, reason);
          return null;
        }
        if (ws.readyState !== ws.OPEN) return null;
        if (hub.socketsOf(user.id) >= WS_SOCKETS_PER_USER) {
          ws.close(WS_CLOSE.tooManySockets, TOO_MANY_SOCKETS);
          return null;
        }
        const client = hub.add(ws, user);
        send(client, {
          type: 'ready',
          user: { _id: user.id, username: user.username, role: user.role },
        });
        return client;
      })().catch((err: unknown) => {
        request.log.error({ err }, 'live update socket failed to authenticate');
        ws.close(1011, 'Server error.');
        return null;
      });
      let queue: Promise<void> = ready.then(() => undefined);

      ws.on('pong', () => {
        void ready.then((client) => client && (client.alive = true));
      });
      ws.on('close', () => {
        void ready.then((client) => client && hub.remove(client));
      });
      ws.on('message', (data, isBinary) => {
        const now = Date.now();
        if (now - windowStart > FRAME_WINDOW_MS) {
          windowStart = now;
          frames = 0;
        }
        if (++frames > FRAMES_PER_WINDOW) {
          ws.close(WS_CLOSE.policy, 'Too many messages.');
          return;
        }
        const parsed = isBinary ? null : parseFrame(String(data));
        queue = queue.then(async () => {
          const client = await ready;
          if (!client) return;
          if (!parsed) return send(client, { type: 'error', message: 'Invalid message.' });
          await hub.handle(client, parsed);
        });
        queue = queue.catch((err: unknown) => {
          request.log.error({ err }, 'live update frame failed');
        });
      });
    }
  },
  { name: 'realtime', dependencies: ['db', 'auth', 'rate-limit'] },
);

function parseFrame(text: string) {
  try {
    const result = wsClientMessageSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * Strips credentials from a URL before it is logged: the socket's `token`, and the licence `key`
 * and `hwid` of the tool's settings call.
 */
export function redactToken(url: string): string {
  return url.replace(/([?&](?:token|key|hwid)=)[^&#]*/gi, '$1[redacted]');
}
