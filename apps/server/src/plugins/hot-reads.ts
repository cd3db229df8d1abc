import http, {
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public reads this app answers from memory before Fastify (see HotReads). */
    hotReads: HotReads;
  }
}

/**
 * What an answer depends on, as an object whose identity changes when the answer would: a
 * JsonCache's peek() (null while nothing is loaded: no replay), or a constant for a fixed page.
 */
export type AnswerSource = () => object | null;

const FIXED = {};
/** The source of an answer that never changes while the process runs (a page of this build). */
export const fixedAnswer: AnswerSource = () => FIXED;

interface Answer {
  source: object;
  headers: OutgoingHttpHeaders;
  body: string | Buffer;
}

interface HotRead {
  /**
   * An exact URL, or a pattern whose URLs all get the same answer (recorded from the first), or,
   * with `perUrl`, each its own (a product page per product).
   */
  url: string | RegExp;
  source: AnswerSource;
  perUrl: boolean;
  /**
   * Fastify's answer by the request's Accept-Encoding header (pages differ by encoding), with
   * `perUrl` by URL and header.
   */
  answers: Map<string, Answer>;
  recording: Set<string>;
}

interface ServerTimeouts {
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** At most this many Accept-Encoding variants are kept per read; other clients go to Fastify. */
const MAX_VARIANTS = 16;
/** The same for a per-URL read, over all its URLs (random URLs cannot grow it further). */
const MAX_PER_URL_VARIANTS = 64;
/** Headers the HTTP server writes itself for each connection and moment. */
const PER_CONNECTION = ['date', 'connection', 'keep-alive', 'transfer-encoding'];

/**
 * The public reads a launch link brings (health probe, home and product pages, catalogue,
 * maintenance map) answered from memory before Fastify: the answer Fastify gave to the same request
 * (status, every header including the security headers, body) is recorded once through
 * `app.inject`, then written as is while its source is unchanged. Only what cannot differ is
 * replayed: a plain GET of a registered URL without If-None-Match (a 304 is Fastify's), with an
 * Accept-Encoding already seen, while request logging is off (LOG_LEVEL above info: at info every
 * request goes through Fastify, which logs it). Everything else, and any read whose source has
 * changed, goes to Fastify as before; a changed source is recorded again in the background.
 * docs/benchmarks.md, "Public hot path".
 */
export class HotReads {
  private readonly exact = new Map<string, HotRead>();
  private readonly patterns: HotRead[] = [];
  private app: FastifyInstance | null = null;
  /** Requests answered by a replay since start. */
  replayed = 0;

  /** Fastify's serverFactory: the HTTP server Fastify would make, with the replay in front. */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    // Fastify hands over its options with every default filled in.
    const opts = options as unknown as ServerTimeouts & { http?: http.ServerOptions };
    const server = http.createServer(opts.http ?? {}, (req, res) => {
      if (!this.replay(req, res)) handler(req, res);
    });
    // What Fastify sets on the server it makes itself (lib/server.js, getServerInstance).
    server.keepAliveTimeout = opts.keepAliveTimeout;
    server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout);
    if (opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    return server;
  };

  /** Starts replaying once the app can answer injected requests (after its plugins are ready). */
  attach(app: FastifyInstance): void {
    app.decorate('hotReads', this as HotReads);
    app.addHook('onReady', async () => {
      // pino's; without a logger (tests) nothing is logged either.
      const log = app.log as { isLevelEnabled?: (level: string) => boolean };
      if (!log.isLevelEnabled?.('info')) this.app = app;
    });
    // From the start of close() on, Fastify answers (503 and Connection: close while it drains).
    app.addHook('preClose', async () => {
      this.app = null;
    });
  }

  /**
   * Registers a read: `url` exact (pathname and query as sent) or a pattern; `perUrl` when the URLs
   * of a pattern get different answers.
   */
  add(url: string | RegExp, source: AnswerSource = fixedAnswer, { perUrl = false } = {}): void {
    const read: HotRead = { url, source, perUrl, answers: new Map(), recording: new Set() };
    if (typeof url === 'string') this.exact.set(url, read);
    else this.patterns.push(read);
  }

  private find(url: string): HotRead | undefined {
    const read = this.exact.get(url);
    if (read) return read;
    for (const p of this.patterns) if ((p.url as RegExp).test(url)) return p;
    return undefined;
  }

  /** Writes the recorded answer to `req` when there is one still current; false to let Fastify answer. */
  replay(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.app === null || req.method !== 'GET') return false;
    const url = req.url!;
    const read = this.find(url);
    if (!read) return false;
    const headers = req.headers;
    if (headers['if-none-match'] !== undefined || headers.upgrade !== undefined) return false;
    const encoding = headers['accept-encoding'] ?? '';
    const source = read.source();
    if (source === null) return false;
    const key = read.perUrl ? `${url}\n${encoding}` : encoding;
    const answer = read.answers.get(key);
    if (answer?.source !== source) {
      this.record(read, url, encoding, key, source);
      return false;
    }
    res.writeHead(200, answer.headers);
    res.end(answer.body);
    this.replayed += 1;
    return true;
  }

  /** Fastify's answer to this request, kept when it is a 200 and its source did not change meanwhile. */
  private record(read: HotRead, url: string, encoding: string, key: string, source: object): void {
    const app = this.app;
    if (!app || read.recording.has(key)) return;
    const max = read.perUrl ? MAX_PER_URL_VARIANTS : MAX_VARIANTS;
    if (!read.answers.has(key) && read.answers.size >= max) return;
    read.recording.add(key);
    app
      .inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} })
      .then(
        (res) => {
          if (res.statusCode !== 200 || read.source() !== source) return;
          const headers: OutgoingHttpHeaders = { ...res.headers };
          for (const name of PER_CONNECTION) delete headers[name];
          const type = String(headers['content-type'] ?? '');
          // Text goes out as a string: Node writes it with the head in one write, a Buffer in two.
          const text =
            headers['content-encoding'] === undefined && /^(application\/json|text\/)/.test(type);
          read.answers.set(key, {
            source,
            headers,
            body: text ? res.rawPayload.toString('utf8') : res.rawPayload,
          });
        },
        (err: unknown) => app.log.warn({ err }, 'hot read not recorded'),
      )
      .finally(() => read.recording.delete(key));
  }
}
