import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  licenceMachineParamSchema,
  licenceSettingsSchema,
  ownedProductParamSchema,
  ownedProductsResponseSchema,
  resetHwidResponseSchema,
} from '@stellar/shared';
import { userActorOf } from '../../lib/actor';
import { currentUser } from '../../plugins/auth';
import { removeMachine, resetHwid } from './licences.commands';
import { getLicenceSettings, listOwnedProducts, saveLicenceSettings } from './licences.service';

const MINUTE = 60_000;
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  429: errorResponseSchema,
};

/** The member's owned products (licences): list, HWID reset, per-licence settings JSON. */
const licencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const resetLimit = app.limit({
    name: 'hwid-reset-user',
    max: 10,
    windowMs: 10 * MINUTE,
    key: (request) => currentUser(request).id,
  });

  app.get(
    '/users/owns',
    {
      onRequest: app.requireUser,
      config: { apiKeyScope: 'licences:read' },
      schema: {
        tags: ['licences'],
        security: [{ bearer: [] }],
        response: { 200: ownedProductsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      ownedProducts: await listOwnedProducts(app.db, currentUser(request).id),
    }),
  );

  app.post(
    '/products/:id/reset-hwid',
    {
      onRequest: app.requireUser,
      preHandler: resetLimit,
      config: { maintenancePage: 'user-dashboard', apiKeyScope: 'licences:write' },
      schema: {
        tags: ['licences'],
        security: [{ bearer: [] }],
        params: ownedProductParamSchema,
        response: { 200: resetHwidResponseSchema, ...errors },
      },
    },
    async (request) => resetHwid(app.db, userActorOf(request), request.params.id),
  );

  app.get(
    '/licences/:id/settings',
    {
      onRequest: app.requireUser,
      config: { maintenancePage: 'user-dashboard', apiKeyScope: 'licences:read' },
      schema: {
        tags: ['licences'],
        security: [{ bearer: [] }],
        params: ownedProductParamSchema,
        response: { 200: licenceSettingsSchema, ...errors },
      },
    },
    async (request) => getLicenceSettings(app.db, currentUser(request).id, request.params.id),
  );

  app.put(
    '/licences/:id/settings',
    {
      onRequest: app.requireUser,
      config: { maintenancePage: 'user-dashboard', apiKeyScope: 'licences:write' },
      schema: {
        tags: ['licences'],
        security: [{ bearer: [] }],
        params: ownedProductParamSchema,
        body: licenceSettingsSchema,
        response: { 200: licenceSettingsSchema, ...errors },
      },
    },
    async (request) =>
      saveLicenceSettings(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/licences/:id/machines/:machineId',
    {
      onRequest: app.requireUser,
      preHandler: resetLimit,
      config: { maintenancePage: 'user-dashboard', apiKeyScope: 'licences:write' },
      schema: {
        tags: ['licences'],
        security: [{ bearer: [] }],
        description:
          'Frees one machine of the licence under the HWID reset rules (counts as a reset).',
        params: licenceMachineParamSchema,
        response: { 200: resetHwidResponseSchema, ...errors },
      },
    },
    async (request) =>
      removeMachine(app.db, userActorOf(request), request.params.id, request.params.machineId),
  );
};
export default licencesRoutes;
