import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  RESELL_ROLES,
  resellerKeysQuerySchema,
  resellerMeResponseSchema,
} from '@stellar/shared';
import { currentUser } from '../../plugins/auth';
import { catalogueCache, catalogueOf } from '../products';
import { getResellerOverview } from './resellers.service';

/** The reseller panel's data: balance, allowed products, key history. */
const resellersRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = await catalogueCache(app);
  app.get(
    '/resellers/me',
    {
      onRequest: app.requireRole(...RESELL_ROLES),
      schema: {
        tags: ['resellers'],
        security: [{ bearer: [] }],
        querystring: resellerKeysQuerySchema,
        response: {
          200: resellerMeResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) =>
      getResellerOverview(
        app.db,
        currentUser(request),
        request.query,
        await catalogueOf(catalogue),
      ),
  );
};
export default resellersRoutes;
