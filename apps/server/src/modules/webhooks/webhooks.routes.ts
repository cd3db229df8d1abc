import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  createWebhookBodySchema,
  createWebhookResponseSchema,
  errorResponseSchema,
  idParamSchema,
  messageResponseSchema,
  redeliverResponseSchema,
  RESELL_ROLES,
  updateWebhookBodySchema,
  webhookDeliveriesResponseSchema,
  webhookResponseSchema,
  webhooksResponseSchema,
} from '@stellar/shared';
import { actorOf } from '../../lib/actor';
import { currentUser } from '../../plugins/auth';
import { createWebhook, deleteWebhook, redeliver, updateWebhook } from './webhooks.commands';
import { listDeliveries, listWebhooks } from './webhooks.queries';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const docs = { tags: ['integrations'], security: [{ bearer: [] }] };

/** Outbound webhook endpoints of the signed-in Reseller, Admin or Owner, and their log. */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole(...RESELL_ROLES);
  const owner = (request: FastifyRequest) => ({ ...actorOf(request), id: currentUser(request).id });

  app.post(
    '/webhooks',
    {
      onRequest: guard,
      schema: {
        ...docs,
        body: createWebhookBodySchema,
        response: { 201: createWebhookResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createWebhook(app.db, app.encryptionKey, owner(request), request.body)),
  );

  app.get(
    '/webhooks',
    { onRequest: guard, schema: { ...docs, response: { 200: webhooksResponseSchema, ...errors } } },
    async (request) => ({ webhooks: await listWebhooks(app.db, currentUser(request).id) }),
  );

  app.patch(
    '/webhooks/:id',
    {
      onRequest: guard,
      schema: {
        ...docs,
        params: idParamSchema,
        body: updateWebhookBodySchema,
        response: { 200: webhookResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await updateWebhook(app.db, owner(request), request.params.id, request.body);
      app.webhooks.wake();
      return result;
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      onRequest: guard,
      schema: {
        ...docs,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => deleteWebhook(app.db, owner(request), request.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      onRequest: guard,
      schema: {
        ...docs,
        params: idParamSchema,
        response: { 200: webhookDeliveriesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      deliveries: await listDeliveries(app.db, currentUser(request).id, request.params.id),
    }),
  );

  app.post(
    '/webhooks/deliveries/:id/redeliver',
    {
      onRequest: guard,
      schema: {
        ...docs,
        params: idParamSchema,
        response: { 202: redeliverResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const delivery = await redeliver(app.db, owner(request), request.params.id);
      app.webhooks.wake();
      return reply.status(202).send({ delivery });
    },
  );
};
export default webhooksRoutes;
