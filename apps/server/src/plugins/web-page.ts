import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Buffer;
  etag: string;
}

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

  constructor(html: Buffer) {
    const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
    const variant = (body: Buffer, suffix: string): Variant => ({
      body,
      etag: `"${hash}${suffix}"`,
    });
    this.variants = {
      identity: variant(html, ''),
      br: variant(
        brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        '-br',
      ),
      gzip: variant(gzipSync(html, { level: 9 }), '-gz'),
    };
  }

  static fromFile(file: string): IndexPage {
    return new IndexPage(readFileSync(file));
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
