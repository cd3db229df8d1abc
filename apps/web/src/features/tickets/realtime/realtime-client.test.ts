import { WS_CLOSE, type WsServerMessage } from '@stellar/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, RealtimeClient, type SocketLike } from './realtime-client';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The server accepts the token and says ready. */
  accept() {
    this.readyState = 1;
    this.receive({ type: 'ready', user: { _id: 'u1', username: 'alice', role: 'Member' } });
  }
  receive(frame: WsServerMessage | string) {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.onmessage?.({ data } as MessageEvent);
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const events: WsServerMessage[] = [];
  const onResync = vi.fn();
  const onSessionEnded = vi.fn();
  const client = new RealtimeClient({
    url: 'ws://test/api/ws?token=t',
    onEvent: (event) => events.push(event),
    onResync,
    onSessionEnded,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    backoff: { baseMs: 1000, maxMs: 8000 },
    // No jitter: the delay is always the full ceiling.
    random: () => 1,
  });
  const last = () => sockets.at(-1)!;
  return { client, sockets, events, onResync, onSessionEnded, last };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('backoffDelay', () => {
  it('doubles up to the cap, with jitter between half and all of it', () => {
    const backoff = { baseMs: 500, maxMs: 30_000 };
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, backoff, () => 1))).toEqual([
      500, 1000, 2000, 4000, 30_000,
    ]);
    expect(backoffDelay(2, backoff, () => 0)).toBe(1000);
    expect(backoffDelay(1000, backoff, () => 0.5)).toBe(22_500);
  });
});

describe('RealtimeClient', () => {
  it('subscribes once the server is ready and delivers events', () => {
    const { client, last, events } = setup();
    client.start();
    const stop = client.subscribe('t1');
    expect(last().sent).toEqual([]);
    expect(client.status).toBe('connecting');

    last().accept();
    expect(client.status).toBe('open');
    expect(last().sent).toEqual([{ type: 'subscribe', ticketId: 't1' }]);

    const frame = { type: 'ticket-deleted', ticketId: 't1' } as const;
    last().receive(frame);
    last().receive('not json');
    last().receive(JSON.stringify({ type: 'unknown' }));
    expect(events).toEqual([frame]);

    stop();
    expect(last().sent.at(-1)).toEqual({ type: 'unsubscribe', ticketId: 't1' });
  });

  it('reconnects with growing delays, then re-subscribes and asks for a resync', () => {
    const { client, sockets, last, onResync } = setup();
    client.start();
    client.subscribe('t1');
    client.subscribeQueue();
    last().accept();
    expect(onResync).not.toHaveBeenCalled();

    last().drop();
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);

    // The second attempt fails before "ready": the next wait doubles.
    last().drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    last().accept();
    expect(client.status).toBe('open');
    expect(last().sent).toEqual([
      { type: 'subscribe', ticketId: 't1' },
      { type: 'subscribe-queue' },
    ]);
    expect(onResync).toHaveBeenCalledTimes(1);

    // A successful connection resets the backoff.
    last().drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it('caps the delay', () => {
    const { client, sockets, last } = setup();
    client.start();
    for (let i = 0; i < 6; i++) {
      last().drop();
      vi.runOnlyPendingTimers();
    }
    const count = sockets.length;
    last().drop();
    vi.advanceTimersByTime(7999);
    expect(sockets).toHaveLength(count);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(count + 1);
  });

  it('stops for good when the session has ended (4401)', () => {
    const { client, sockets, last, onSessionEnded } = setup();
    client.start();
    last().accept();
    last().drop(WS_CLOSE.sessionEnded);
    expect(client.status).toBe('ended');
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    client.reconnectNow();
    expect(sockets).toHaveLength(1);
  });

  it('reconnects when the server asks for a fresh connection (4000) or restarts (1001)', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().accept();
    last().drop(WS_CLOSE.reconnect);
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    last().accept();
    last().drop(WS_CLOSE.goingAway);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(3);
  });

  it('skips the wait when the browser comes back online, and stop() ends it all', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().drop();
    last().drop();
    client.reconnectNow();
    expect(sockets).toHaveLength(2);

    client.stop();
    expect(last().closedWith).toBe(1000);
    expect(client.status).toBe('stopped');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('counts subscriptions: the last one to leave unsubscribes', () => {
    const { client, last } = setup();
    client.start();
    last().accept();
    const first = client.subscribe('t1');
    const second = client.subscribe('t1');
    expect(last().sent).toEqual([{ type: 'subscribe', ticketId: 't1' }]);
    first();
    first();
    expect(last().sent).toHaveLength(1);
    second();
    expect(last().sent.at(-1)).toEqual({ type: 'unsubscribe', ticketId: 't1' });

    const leaveQueue = client.subscribeQueue();
    leaveQueue();
    expect(last().sent.slice(-2)).toEqual([
      { type: 'subscribe-queue' },
      { type: 'unsubscribe-queue' },
    ]);
  });
});
