import WebSocket from 'ws';
import type { WsServerMessage } from '@stellar/shared';

/** Test helper: a live-update socket that records every frame and how it closed. */
export interface LiveSocket {
  ws: WebSocket;
  frames: WsServerMessage[];
  /** Resolves with the first frame matching `match` received from now on (or from index `from`). */
  next: <T extends WsServerMessage>(
    match: (f: WsServerMessage) => f is T,
    ms?: number,
    from?: number,
  ) => Promise<T>;
  /** Frames matching `match` that arrive within `ms`. */
  collect: (match: (f: WsServerMessage) => boolean, ms: number) => Promise<WsServerMessage[]>;
  send: (frame: unknown) => void;
  closed: Promise<{ code: number; reason: string }>;
}

export function openSocket(
  baseUrl: string,
  token?: string,
  opts: { waitReady?: boolean } = {},
): Promise<LiveSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const ws = new WebSocket(url);
  const frames: WsServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as WsServerMessage);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const socket: LiveSocket = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: (match, ms = 3_000, from = frames.length) =>
      new Promise((resolve, reject) => {
        let seen = from;
        const check = () => {
          for (; seen < frames.length; seen += 1) {
            const frame = frames[seen]!;
            if (match(frame)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(frame);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        waiters.add(check);
        check();
      }),
    collect: async (match, ms) => {
      const start = frames.length;
      await new Promise((r) => setTimeout(r, ms));
      return frames.slice(start).filter(match);
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      if (!opts.waitReady) return resolve(socket);
      socket.next(isType('ready'), 3_000, 0).then(() => resolve(socket), reject);
    });
  });
}

/** Frame matchers for `next`. */
export const isType =
  <K extends WsServerMessage['type']>(
    type: K,
    where: (f: Extract<WsServerMessage, { type: K }>) => boolean = () => true,
  ) =>
  (f: WsServerMessage): f is Extract<WsServerMessage, { type: K }> =>
    f.type === type && where(f as Extract<WsServerMessage, { type: K }>);
