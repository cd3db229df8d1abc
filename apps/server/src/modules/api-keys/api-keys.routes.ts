import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeysResponseSchema,
  createApiKeyBodySchema,
  createApiKeyResponseSchema,
  errorResponseSchema,
  idParamSchema,
  messageResponseSchema,
  RESELL_ROLES,
} from '@stellar/shared';
import { actorOf } from '../../lib/actor';
import { forbidden } from '../../lib/http-errors';
import { currentUser, NOT_WHILE_IMPERSONATING } from '../../plugins/auth';
import { createApiKey, revokeApiKey } from './api-keys.commands';
import { listApiKeys } from './api-keys.queries';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Integration keys of the signed-in Reseller, Admin or Owner (docs/integrations.md). */
const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const owner = (request: Parameters<typeof actorOf>[0]) => ({
    ...actorOf(request),
    id: currentUser(request).id,
  });

  app.post(
    '/api-keys',
    {
      onRequest: app.requireRole(...RESELL_ROLES),
      // A key is a credential: a login-as session never makes one (docs/product.md#security-rules).
      preHandler: async (request) => {
        if (currentUser(request).impersonatedBy) throw forbidden(NOT_WHILE_IMPERSONATING);
      },
      schema: {
        tags: ['integrations'],
        security: [{ bearer: [] }],
        body: createApiKeyBodySchema,
        response: { 201: createApiKeyResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiKey(app.db, owner(request), request.body)),
  );

  app.get(
    '/api-keys',
    {
      onRequest: app.requireRole(...RESELL_ROLES),
      schema: {
        tags: ['integrations'],
        security: [{ bearer: [] }],
        response: { 200: apiKeysResponseSchema, ...errors },
      },
    },
    async (request) => ({ apiKeys: await listApiKeys(app.db, currentUser(request).id) }),
  );

  app.delete(
    '/api-keys/:id',
    {
      onRequest: app.requireRole(...RESELL_ROLES),
      schema: {
        tags: ['integrations'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => revokeApiKey(app.db, owner(request), request.params.id),
  );
};
export default apiKeysRoutes;
