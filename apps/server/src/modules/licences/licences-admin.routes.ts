import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  licensingOverviewSchema,
  messageResponseSchema,
  planMachinesBodySchema,
  productVariablesBodySchema,
  revokeBodySchema,
  revokeResponseSchema,
} from '@stellar/shared';
import { actorOf } from '../../lib/actor';
import { revokeByKey } from './licences.revoke.commands';
import { setPlanMachines, setProductVariables } from './licensing.commands';
import { licensingOverview } from './licensing.queries';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['admin: licences'];
const security = [{ bearer: [] }];
const idParams = z.strictObject({ id: z.string().min(1).max(64) });

/** Staff (the admin area's Admin/Owner hook): revocation, product variables, machines per plan. */
const licencesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/licensing',
    { schema: { tags, security, response: { 200: licensingOverviewSchema, ...errors } } },
    async () => ({ products: await licensingOverview(app.db) }),
  );

  app.post(
    '/admin/licences/revoke',
    {
      config: { apiKeyScope: 'licences:write' },
      schema: {
        tags,
        security,
        description:
          'A licence key revokes its licence; a voucher code the voucher (or, once redeemed, its licence).',
        body: revokeBodySchema,
        response: { 200: revokeResponseSchema, ...errors },
      },
    },
    async (request) => revokeByKey(app.db, actorOf(request), request.body),
  );

  app.put(
    '/admin/products/:id/variables',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: productVariablesBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await setProductVariables(
        app.db,
        actorOf(request),
        request.params.id,
        request.body.variables,
      );
      return { message: 'Variables saved.' };
    },
  );

  app.put(
    '/admin/plans/:id/machines',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: planMachinesBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await setPlanMachines(app.db, actorOf(request), request.params.id, request.body.maxMachines);
      return { message: 'Machines per licence saved.' };
    },
  );
};
export default licencesAdminRoutes;
