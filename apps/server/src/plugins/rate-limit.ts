import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
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
  async function rateLimitPlugin(app: FastifyInstance, opts: { enabled: boolean }) {
    if (!opts.enabled) {
      app.log.warn('RATE_LIMIT=off: every rate limit is disabled (load tests only)');
      app.decorate('limit', () => async () => {});
      return;
    }
    await app.register(rateLimit, { global: false });
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
