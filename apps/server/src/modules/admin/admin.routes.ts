import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditListSchema,
  auditQuerySchema,
  balanceAdjustBodySchema,
  balanceResponseSchema,
  errorResponseSchema,
  globalSettingsSchema,
  grantProductBodySchema,
  idParamSchema,
  messageResponseSchema,
  overviewSchema,
  resellerListSchema,
} from '@stellar/shared';
import { actorOf } from '../../lib/actor';
import { listAudit } from '../audit';
import { updateSettings } from '../settings';
import { getGlobalSettings, type GlobalSettings } from '../settings';
import { getOverview } from './overview.service';
import {
  creditBalance,
  grantResellerProduct,
  revokeResellerProduct,
} from './resellers-admin.commands';
import { listResellers } from './resellers-admin.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const tags = ['admin'];
const security = [{ bearer: [] }];
const yesNo = (b: boolean) => (b ? 'yes' : 'no') as 'yes' | 'no';
const presentSettings = (s: GlobalSettings) => ({
  allowHWIDReset: yesNo(s.allowHWIDReset),
  allowSettingsAccess: yesNo(s.allowSettingsAccess),
  hwidResetCooldownHours: s.hwidResetCooldownHours,
  offlineDays: s.offlineDays,
});
const productParamsSchema = z.strictObject({
  id: z.string().uuid('Not found'),
  productId: z.string().min(1).max(64),
});

/** The shop's admin surface: resellers, global settings, overview, audit log (Admin/Owner). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/resellers-products',
    {
      schema: { tags, security, response: { 200: resellerListSchema, ...errors } },
    },
    async () => listResellers(app.db),
  );

  app.post(
    '/admin/resellers/:id/products',
    {
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: grantProductBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, product } = await grantResellerProduct(app.db, actorOf(request), {
        userId: request.params.id,
        productId: request.body.productId,
      });
      return { message: `${user.username} may now sell ${product.title}.` };
    },
  );

  app.delete(
    '/admin/resellers/:id/products/:productId',
    {
      schema: {
        tags,
        security,
        params: productParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await revokeResellerProduct(app.db, actorOf(request), {
        userId: request.params.id,
        productId: request.params.productId,
      });
      return { message: 'Product access revoked.' };
    },
  );

  app.post(
    '/admin/resellers/:id/balance',
    {
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: balanceAdjustBodySchema,
        response: { 200: balanceResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { amount, reason } = request.body;
      return creditBalance(app.db, actorOf(request), { userId: request.params.id, amount, reason });
    },
  );

  app.get(
    '/admin/global-product-settings',
    {
      schema: { tags, security, response: { 200: globalSettingsSchema, ...errors } },
    },
    async () => presentSettings(await getGlobalSettings(app.db)),
  );

  app.put(
    '/admin/global-product-settings',
    {
      schema: {
        tags,
        security,
        body: globalSettingsSchema,
        response: { 200: globalSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const next = {
        allowHWIDReset: request.body.allowHWIDReset === 'yes',
        allowSettingsAccess: request.body.allowSettingsAccess === 'yes',
        hwidResetCooldownHours: request.body.hwidResetCooldownHours,
        offlineDays: request.body.offlineDays,
      };
      return presentSettings(await updateSettings(app.db, actorOf(request), next, presentSettings));
    },
  );

  app.get(
    '/admin/overview',
    {
      schema: { tags, security, response: { 200: overviewSchema, ...errors } },
    },
    async () => getOverview(app.db),
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        security,
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errors },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );
};
export default adminRoutes;
