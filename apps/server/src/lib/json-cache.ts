import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A public read as served: its JSON text once, and a strong ETag of it. */
export interface CachedJson {
  body: string;
  etag: string;
}

/**
 * A public read from memory: loaded once, then served as the same text until invalidate() (an
 * outbox event heard in every process, or the process that made the change). Concurrent first reads
 * share one load; a failed load is not kept, nor one that raced an invalidation.
 */
export class JsonCache {
  private current: Promise<CachedJson> | null = null;
  private loaded: CachedJson | null = null;
  private generation = 0;

  constructor(private readonly load: () => Promise<unknown>) {}

  get(): Promise<CachedJson> {
    if (!this.current) {
      const generation = this.generation;
      const loading = this.load().then((value) => {
        const body = JSON.stringify(value);
        return {
          body,
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        };
      });
      this.current = loading;
      loading.catch(() => {
        if (this.current === loading) this.current = null;
      });
      void loading.then(
        (value) => {
          if (this.generation !== generation && this.current === loading) this.current = null;
          else if (this.current === loading) this.loaded = value;
        },
        () => undefined,
      );
    }
    return this.current;
  }

  /**
   * The text get() answers now, without waiting: null until a load has finished and again from
   * invalidate() until the next one has. A new object after every reload, so identity tells
   * whether something built from it (a replayed answer, plugins/hot-reads.ts) is still current.
   */
  peek(): CachedJson | null {
    return this.loaded;
  }

  invalidate(): void {
    this.generation += 1;
    this.current = null;
    this.loaded = null;
  }
}

/**
 * Sends a cached read with its ETag: 304 when If-None-Match names it, else the JSON text as is
 * (Fastify does not serialise a string payload).
 */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: JsonCache,
) {
  const { body, etag } = await cache.get();
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
