import fp from 'fastify-plugin';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { tooManyRequests } from '../lib/http-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler limiting `max` calls per `windowMs` for each key (a no-op when RATE_LIMIT=off). */
    limit: (opts: LimitOptions) => preHandlerAsyncHookHandler;
  }
}

export interface LimitOptions {
  name: string;
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string;
}

export default fp(
  async function rateLimitPlugin(
    app: FastifyInstance,
    opts: { enabled: boolean; redisUrl?: string },
  ) {
    if (!opts.enabled) {
      app.log.warn('RATE_LIMIT=off: every rate limit is disabled (load tests only)');
      app.decorate('limit', () => async () => {});
      return;
    }
    // With REDIS_URL every process counts in one shared store; otherwise each process counts alone.
    const redis = opts.redisUrl
      ? new Redis(opts.redisUrl, {
          maxRetriesPerRequest: 1,
          connectTimeout: 2000,
          lazyConnect: true,
          // A command while disconnected fails at once (and is counted in memory) instead of waiting.
          enableOfflineQueue: false,
        })
      : undefined;
    if (redis) {
      redis.on('error', (err) =>
        app.log.warn({ err: err.message }, 'rate-limit store unavailable'),
      );
      await redis
        .connect()
        .catch((err: Error) => app.log.warn({ err: err.message }, 'rate-limit store unavailable'));
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
    }
    let degraded = false;
    await app.register(rateLimit, {
      global: false,
      // A failing shared store must neither lock every user out nor switch the limits off: while
      // Redis is unreachable each process counts in its own memory (as without REDIS_URL).
      store: fallbackStore(
        redis,
        (err) => {
          if (degraded) return;
          degraded = true;
          app.log.warn(
            { err: err.message },
            'rate-limit store unavailable: counting in this process',
          );
        },
        () => {
          if (degraded) app.log.info('rate-limit store back: counting in Redis again');
          degraded = false;
        },
      ),
      skipOnError: false,
    });
    // createRateLimit rather than rateLimit(): the latter runs once per request, so two limits
    // on one route (per IP and per username) would silently collapse into the first.
    app.decorate('limit', (limit: LimitOptions) => {
      const check = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (request) => `${limit.name}:${limit.key(request)}`,
      });
      return async (request: FastifyRequest) => {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          throw tooManyRequests(Math.max(1, result.ttlInSeconds));
        }
      };
    });
  },
  { name: 'rate-limit' },
);

/** Counts calls per key in a fixed window, in this process's memory (bounded). */
export class MemoryCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly maxKeys = 100_000) {}

  incr(key: string, windowMs: number, now = Date.now()): { current: number; ttl: number } {
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.prune(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.resetAt - now };
  }

  /** Drops expired windows, then the oldest ones if still full. */
  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

// INCR, and start the window on the first call; answers [count, ms left in the window].
const INCR_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;

/**
 * The rate-limit store: Redis when configured and reachable, else this process's memory. A Redis
 * error never reaches the request; it is reported through `onDown` and the call counted locally.
 */
function fallbackStore(
  redis: Redis | undefined,
  onDown: (err: Error) => void,
  onUp: () => void,
): FastifyRateLimitStoreCtor {
  const memory = new MemoryCounter();
  class Store implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const local = () => callback(null, memory.incr(key, timeWindow));
      if (!redis) return local();
      if (redis.status !== 'ready') {
        onDown(new Error(`Redis is ${redis.status}`));
        return local();
      }
      redis
        .eval(INCR_SCRIPT, 1, `stellar-rl:${key}`, timeWindow)
        .then((result) => {
          const [current, ttl] = result as [number, number];
          onUp();
          callback(null, { current, ttl });
        })
        .catch((err: Error) => {
          onDown(err);
          local();
        });
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return Store;
}
