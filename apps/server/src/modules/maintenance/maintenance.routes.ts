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
import { sendCachedJson } from '../../lib/json-cache';
import { maintenanceCache } from './maintenance.cache';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Switches change only through setMaintenance, which records maintenance.changed: the map is
  // served from memory with an ETag and cleared by that event in every process.
  const status = await maintenanceCache(app);
  app.hotReads.add(`${app.prefix}/maintenance/status`, () => status.peek());

  app.get(
    '/maintenance/status',
    {
      schema: {
        tags: ['maintenance'],
        description: 'Answers with an ETag; send it back in If-None-Match for a 304.',
        response: { 200: maintenanceStatusSchema },
      },
    },
    (request, reply) => sendCachedJson(request, reply as unknown as FastifyReply, status),
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
