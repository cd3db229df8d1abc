import {
  WS_CLOSE,
  wsServerMessageSchema,
  type WsClientMessage,
  type WsServerMessage,
} from '@stellar/shared';

export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting' | 'ended' | 'stopped';

/** The part of the browser's WebSocket this client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export interface RealtimeClientOptions {
  /** The socket address including the token (see realtimeUrl). */
  url: string;
  onEvent: (event: WsServerMessage) => void;
  /** After a reconnection: events may have been missed while the socket was down. */
  onResync?: () => void;
  /** The server closed with 4401: the session is over, reconnecting with this token is pointless. */
  onSessionEnded?: () => void;
  createSocket?: (url: string) => SocketLike;
  backoff?: Backoff;
  random?: () => number;
}

const OPEN = 1;
export const DEFAULT_BACKOFF: Backoff = { baseMs: 500, maxMs: 30_000 };

/**
 * Delay before reconnection attempt number `attempt` (0-based): exponential, capped, with "equal
 * jitter" (between half and all of it) so a restarted server is not hit by every client at once.
 */
export function backoffDelay(attempt: number, backoff: Backoff, random: () => number): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * The live-update socket (GET /api/ws): reconnects with backoff, re-subscribes after every
 * reconnection, and counts subscriptions so several screens can follow the same ticket.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private ready = false;
  private everReady = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly tickets = new Map<string, number>();
  private queueRefs = 0;
  private currentStatus: RealtimeStatus = 'connecting';
  private readonly listeners = new Set<() => void>();
  private readonly options: Required<Omit<RealtimeClientOptions, 'onResync' | 'onSessionEnded'>> &
    Pick<RealtimeClientOptions, 'onResync' | 'onSessionEnded'>;

  constructor(options: RealtimeClientOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url),
      backoff: DEFAULT_BACKOFF,
      random: Math.random,
      ...options,
    };
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  /** Calls `listener` on every status change; returns the unsubscribe. */
  onStatus(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.socket || this.timer || this.stopped) return;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'Done.');
    }
    this.setStatus('stopped');
  }

  /** Skips the wait of a pending reconnection (the browser came back online). */
  reconnectNow(): void {
    if (this.stopped || this.socket || this.currentStatus === 'ended') return;
    this.clearTimer();
    this.attempt = 0;
    this.connect();
  }

  /** Follows a ticket's messages and changes; returns the unsubscribe. */
  subscribe(ticketId: string): () => void {
    const refs = this.tickets.get(ticketId) ?? 0;
    this.tickets.set(ticketId, refs + 1);
    if (refs === 0) this.send({ type: 'subscribe', ticketId });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.tickets.get(ticketId) ?? 1) - 1;
      if (left > 0) return void this.tickets.set(ticketId, left);
      this.tickets.delete(ticketId);
      this.send({ type: 'unsubscribe', ticketId });
    };
  }

  /** Follows the staff queue (every ticket's changes); returns the unsubscribe. */
  subscribeQueue(): () => void {
    if (this.queueRefs++ === 0) this.send({ type: 'subscribe-queue' });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.queueRefs === 0) this.send({ type: 'unsubscribe-queue' });
    };
  }

  private connect(): void {
    this.setStatus(this.everReady || this.attempt > 0 ? 'reconnecting' : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      if (event.code === WS_CLOSE.sessionEnded) {
        this.setStatus('ended');
        this.options.onSessionEnded?.();
        return;
      }
      // Anything else (network loss, 1001 restart, 4000 access changed) is worth another try.
      this.scheduleReconnect();
    };
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: WsServerMessage;
    try {
      const result = wsServerMessageSchema.safeParse(JSON.parse(data));
      if (!result.success) return;
      parsed = result.data;
    } catch {
      return;
    }
    if (parsed.type === 'ready') {
      const resync = this.everReady;
      this.ready = true;
      this.everReady = true;
      this.attempt = 0;
      for (const ticketId of this.tickets.keys()) this.send({ type: 'subscribe', ticketId });
      if (this.queueRefs > 0) this.send({ type: 'subscribe-queue' });
      this.setStatus('open');
      if (resync) this.options.onResync?.();
      return;
    }
    this.options.onEvent(parsed);
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.setStatus('reconnecting');
    const delay = backoffDelay(this.attempt++, this.options.backoff, this.options.random);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private send(frame: WsClientMessage): void {
    // Before 'ready' nothing is sent: the subscriptions go out together once the socket is ready.
    if (!this.ready || this.socket?.readyState !== OPEN) return;
    this.socket.send(JSON.stringify(frame));
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.currentStatus === status) return;
    this.currentStatus = status;
    for (const listener of this.listeners) listener();
  }
}
