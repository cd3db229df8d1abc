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
import { currentUser } from '../../plugins/auth';
import { listAudit, recordAudit } from '../audit/audit.service';
import {
  getGlobalSettings,
  saveGlobalSettings,
  type GlobalSettings,
} from '../settings/settings.service';
import { getOverview } from './overview.service';
import {
  adjustBalance,
  grantProduct,
  listResellers,
  revokeProduct,
} from './resellers-admin.service';

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
});
const productParamsSchema = z.strictObject({
  id: z.string().uuid('Not found'),
  productId: z.string().min(1).max(64),
});

/** The shop's admin surface: resellers, global settings, overview, audit log (Admin/Owner). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole('Admin', 'Owner');

  app.get(
    '/admin/resellers-products',
    {
      onRequest: adminOnly,
      schema: { tags, security, response: { 200: resellerListSchema, ...errors } },
    },
    async () => listResellers(app.db),
  );

  app.post(
    '/admin/resellers/:id/products',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: grantProductBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, product } = await grantProduct(
        app.db,
        request.params.id,
        request.body.productId,
      );
      await recordAudit(app.db, request, {
        action: 'reseller.grant',
        targetType: 'user',
        targetId: user.id,
        details: { username: user.username, product: product.title },
      });
      return { message: `${user.username} may now sell ${product.title}.` };
    },
  );

  app.delete(
    '/admin/resellers/:id/products/:productId',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: productParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await revokeProduct(app.db, request.params.id, request.params.productId);
      await recordAudit(app.db, request, {
        action: 'reseller.revoke',
        targetType: 'user',
        targetId: request.params.id,
        details: { username: user.username, productId: request.params.productId },
      });
      return { message: 'Product access revoked.' };
    },
  );

  app.post(
    '/admin/resellers/:id/balance',
    {
      onRequest: adminOnly,
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
      const { balance, username } = await adjustBalance(
        app.db,
        request.params.id,
        amount,
        reason,
        currentUser(request).id,
      );
      await recordAudit(app.db, request, {
        action: amount > 0 ? 'reseller.credit' : 'reseller.debit',
        targetType: 'user',
        targetId: request.params.id,
        details: { username, amount, reason, balance },
      });
      return { balance };
    },
  );

  app.get(
    '/admin/global-product-settings',
    {
      onRequest: adminOnly,
      schema: { tags, security, response: { 200: globalSettingsSchema, ...errors } },
    },
    async () => presentSettings(await getGlobalSettings(app.db)),
  );

  app.put(
    '/admin/global-product-settings',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        body: globalSettingsSchema,
        response: { 200: globalSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const before = await getGlobalSettings(app.db);
      const saved = await saveGlobalSettings(app.db, {
        allowHWIDReset: request.body.allowHWIDReset === 'yes',
        allowSettingsAccess: request.body.allowSettingsAccess === 'yes',
        hwidResetCooldownHours: request.body.hwidResetCooldownHours,
      });
      await recordAudit(app.db, request, {
        action: 'settings.update',
        targetType: 'settings',
        details: { before: presentSettings(before), after: presentSettings(saved) },
      });
      return presentSettings(saved);
    },
  );

  app.get(
    '/admin/overview',
    {
      onRequest: adminOnly,
      schema: { tags, security, response: { 200: overviewSchema, ...errors } },
    },
    async () => getOverview(app.db),
  );

  app.get(
    '/admin/audit',
    {
      onRequest: adminOnly,
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
