import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Buffer;
  etag: string;
}

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
const GZIP = { level: 9 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function boundedCache(max: number) {
  const map = new Map<string, string>();
  const store = {
    get: (key: string) => map.get(key),
    has: (key: string) => map.has(key),
    set(key: string, value: string) {
      if (map.size < max) map.set(key, value);
      return store;
    },
  };
  return store;
}

/**
 * index.html (the page of every client route: home, product pages, portal) held in memory in its
 * three encodings, compressed once at start, each with its strong ETag. The hashed assets it names
 * change only with a new build, which restarts the server.
 */
export class IndexPage {
  private readonly variants: Record<Encoding, Variant>;
  // The Accept-Encoding headers browsers send are few: each is negotiated once (the first 100 kept,
  // so odd headers from a client cannot grow the cache).
  private readonly negotiator = new Negotiator<Encoding>({
    supportedValues: ['br', 'gzip', 'identity'],
    cache: boundedCache(100),
  });

  /** The page `html`, compressed here (at start: a build's pages). */
  constructor(html: Buffer, compressed?: { br: Buffer; gzip: Buffer }) {
    const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
    const variant = (body: Buffer, suffix: string): Variant => ({
      body,
      etag: `"${hash}${suffix}"`,
    });
    this.variants = {
      identity: variant(html, ''),
      br: variant(compressed?.br ?? brotliCompressSync(html, BROTLI), '-br'),
      gzip: variant(compressed?.gzip ?? gzipSync(html, GZIP), '-gz'),
    };
  }

  static fromFile(file: string): IndexPage {
    return new IndexPage(readFileSync(file));
  }

  /**
   * The page `html`, compressed on libuv's thread pool: for a page made while requests are served
   * (a product page), whose brotli at quality 11 would otherwise hold the event loop (about 30 ms
   * for 24 KB).
   */
  static async compressed(html: Buffer): Promise<IndexPage> {
    const [br, gzip] = await Promise.all([brotliAsync(html, BROTLI), gzipAsync(html, GZIP)]);
    return new IndexPage(html, { br, gzip });
  }

  /** Sends the page in the best encoding the client accepts; 304 when it holds that version. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const accepted = request.headers['accept-encoding'];
    const encoding = (accepted && this.negotiator.negotiate(accepted)) || 'identity';
    const { body, etag } = this.variants[encoding];
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', etag)
      .type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  }
}
