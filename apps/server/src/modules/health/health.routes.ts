import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@stellar/shared';
import { ping } from '../../db/client';

const statusSchema = z.object({ status: z.string() });
const LIVE = JSON.stringify({ status: 'ok' });

/** Liveness (process up) and readiness (database answers) for proxies and orchestrators. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: statusSchema } } },
    // The answer never changes: its JSON text is sent as is (no serialiser run per probe).
    (_request, reply) => {
      (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(LIVE);
    },
  );
  app.hotReads.add(`${app.prefix}/healthz`);
  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: statusSchema, 503: errorResponseSchema } } },
    async (request, reply) => {
      try {
        await ping(app.db);
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send({ message: 'Database unavailable.' });
      }
    },
  );
};
export default healthRoutes;
