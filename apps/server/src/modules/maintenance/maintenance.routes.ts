import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  maintenancePageBodySchema,
  maintenanceStatusSchema,
  messageResponseSchema,
} from '@stellar/shared';
import { actorOf } from '../../lib/actor';
import { setMaintenance } from './maintenance.commands';
import { EVENTS_CHANNEL } from '../events';
import { MaintenanceStatusCache } from './maintenance.cache';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Switches change only through setMaintenance, which records maintenance.changed: the map is
  // served from memory with an ETag and cleared by that event in every process.
  const status = new MaintenanceStatusCache(app.db);
  const unlisten = await app.database.listen(EVENTS_CHANNEL, (payload) => {
    if (payload.includes('"type":"maintenance.changed"')) status.invalidate();
  });
  app.addHook('onClose', async () => {
    await unlisten().catch(() => undefined);
  });

  app.get(
    '/maintenance/status',
    {
      schema: {
        tags: ['maintenance'],
        description: 'Answers with an ETag; send it back in If-None-Match for a 304.',
        response: { 200: maintenanceStatusSchema },
      },
    },
    async (request, typedReply) => {
      // The body is JSON text already: sent as is (Fastify does not serialise a string payload).
      const reply = typedReply as unknown as FastifyReply;
      const { body, etag } = await status.get();
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `/maintenance/${action}`,
      {
        onRequest: app.requireRole('Admin', 'Owner'),
        schema: {
          tags: ['maintenance'],
          security: [{ bearer: [] }],
          body: maintenancePageBodySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { page } = request.body;
        await setMaintenance(app.db, actorOf(request), { page, enabled });
        // This process reads its own change at once; the others hear maintenance.changed.
        status.invalidate();
        return { message: `Maintenance ${enabled ? 'enabled' : 'disabled'} for ${page}.` };
      },
    );
  }
};
export default maintenanceRoutes;
