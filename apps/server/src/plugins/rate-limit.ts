import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
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
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'stellar-rl:' } : {}),
      // A failing shared store must not lock every user out: count nothing and log instead.
      skipOnError: true,
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
