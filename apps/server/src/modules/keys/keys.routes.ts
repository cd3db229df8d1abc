import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  generateKeysBodySchema,
  generateKeysResponseSchema,
  redeemKeyBodySchema,
  redeemKeyResponseSchema,
  RESELL_ROLES,
} from '@stellar/shared';
import { currentUser } from '../../plugins/auth';
import { userActorOf } from '../../lib/actor';
import { generateKeys, redeemKey } from './keys.commands';
import { KEY_REDEEMED } from './keys.service';

const MINUTE = 60_000;
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};

/** Resellers and staff generate keys; members redeem them into licences. */
const keysRoutes: FastifyPluginAsyncZod = async (app) => {
  const byUser = (name: string, max: number) =>
    app.limit({ name, max, windowMs: MINUTE, key: (request) => currentUser(request).id });
  // Keys are 100 random bits, so guessing is hopeless anyway; the limits keep it that way cheaply.
  const redeemLimits = [
    byUser('redeem-user', 10),
    app.limit({ name: 'redeem-ip', max: 30, windowMs: MINUTE, key: (request) => request.ip }),
  ];

  app.post(
    '/keys/generate',
    {
      onRequest: app.requireRole(...RESELL_ROLES),
      preHandler: byUser('generate-user', 60),
      config: { maintenancePage: 'resell-panel', apiKeyScope: 'keys:generate' },
      schema: {
        tags: ['keys'],
        security: [{ bearer: [] }],
        body: generateKeysBodySchema,
        response: { 200: generateKeysResponseSchema, ...errors },
      },
    },
    async (request) => generateKeys(app.db, userActorOf(request), request.body),
  );

  app.post(
    '/keys/redeem',
    {
      onRequest: app.requireUser,
      preHandler: redeemLimits,
      config: { maintenancePage: 'user-dashboard' },
      schema: {
        tags: ['keys'],
        security: [{ bearer: [] }],
        body: redeemKeyBodySchema,
        response: { 200: redeemKeyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: KEY_REDEEMED,
      product: await redeemKey(app.db, userActorOf(request), request.body.keyCode),
    }),
  );
};
export default keysRoutes;
