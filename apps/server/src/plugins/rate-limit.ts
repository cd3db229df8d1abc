import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

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
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many attempts. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      }),
    });
    app.decorate('limit', (limit: LimitOptions) =>
      app.rateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        groupId: limit.name,
        keyGenerator: (request) => `${limit.name}:${limit.key(request)}`,
      }),
    );
  },
  { name: 'rate-limit' },
);
