import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  maintenancePageBodySchema,
  maintenanceStatusSchema,
  messageResponseSchema,
} from '@stellar/shared';
import { actorOf } from '../../lib/actor';
import { setMaintenance } from './maintenance.commands';
import { getMaintenanceStatus } from './maintenance.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/maintenance/status',
    { schema: { tags: ['maintenance'], response: { 200: maintenanceStatusSchema } } },
    async () => getMaintenanceStatus(app.db),
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
        return { message: `Maintenance ${enabled ? 'enabled' : 'disabled'} for ${page}.` };
      },
    );
  }
};
export default maintenanceRoutes;
