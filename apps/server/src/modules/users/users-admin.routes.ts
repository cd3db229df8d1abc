import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  adminUserSchema,
  banBodySchema,
  errorResponseSchema,
  idParamSchema,
  loginAsBodySchema,
  loginAsResponseSchema,
  messageResponseSchema,
  registerResponseSchema,
  resetCodeResponseSchema,
  roleBodySchema,
  staffCreateAccountBodySchema,
  userListQuerySchema,
  userListSchema,
  type Role,
} from '@stellar/shared';
import { users } from '../../db/schema';
import { currentUser } from '../../plugins/auth';
import { badRequest, forbidden, HttpError } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.service';
import { issueResetCode, registerUser } from '../auth/auth.service';
import { createSession, IMPERSONATION_MS } from '../auth/sessions.service';
import { checkSecondFactor, clearTwoFactor } from '../auth/two-factor.service';
import {
  changeRole,
  listUsers,
  loadManageableUser,
  removeUser,
  setBanned,
} from './users-admin.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['admin: users'];
const security = [{ bearer: [] }];

/** Closes a user's live sockets on every process, once the realtime plugin is there. */
export async function disconnectEverywhere(app: FastifyInstance, userId: string): Promise<void> {
  const realtime = (app as { realtime?: { disconnectUser(id: string): unknown } }).realtime;
  await realtime?.disconnectUser(userId);
}

/** Staff actions on accounts (DESIGN section 6); every change is audited. */
const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole('Admin', 'Owner');

  app.get(
    '/users',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errors },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.put(
    '/users/:id/role',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: roleBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      const { before, user } = await changeRole(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.role,
      );
      await recordAudit(app.db, request, {
        action: 'user.role',
        targetType: 'user',
        targetId: user._id,
        details: { username: user.username, from: before, to: user.role },
      });
      await disconnectEverywhere(app, user._id);
      return user;
    },
  );

  app.post(
    '/users/:id/ban',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: banBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      const user = await setBanned(
        app.db,
        currentUser(request),
        request.params.id,
        true,
        request.body.reason,
      );
      await recordAudit(app.db, request, {
        action: 'user.ban',
        targetType: 'user',
        targetId: user._id,
        details: { username: user.username, reason: request.body.reason ?? null },
      });
      await disconnectEverywhere(app, user._id);
      return user;
    },
  );

  app.post(
    '/users/:id/unban',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: idParamSchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      const user = await setBanned(app.db, currentUser(request), request.params.id, false);
      await recordAudit(app.db, request, {
        action: 'user.unban',
        targetType: 'user',
        targetId: user._id,
        details: { username: user.username },
      });
      return user;
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const removed = await removeUser(app.db, currentUser(request), request.params.id);
      await recordAudit(app.db, request, {
        action: 'user.remove',
        targetType: 'user',
        targetId: removed.id,
        details: { username: removed.username, role: removed.role },
      });
      await disconnectEverywhere(app, removed.id);
      return { message: `${removed.username} has been removed.` };
    },
  );

  app.post(
    '/users/:id/reset-2fa',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const target = await loadManageableUser(app.db, currentUser(request), request.params.id);
      await clearTwoFactor(app.db, target.id);
      await recordAudit(app.db, request, {
        action: 'user.reset_2fa',
        targetType: 'user',
        targetId: target.id,
        details: { username: target.username },
      });
      return { message: `2FA has been reset for ${target.username}.` };
    },
  );

  app.post(
    '/users/:id/reset-code',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: idParamSchema,
        response: { 200: resetCodeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const target = await loadManageableUser(app.db, currentUser(request), request.params.id);
      const { code, expiresAt } = await issueResetCode(app.db, target.id);
      // The code itself never goes into the audit log.
      await recordAudit(app.db, request, {
        action: 'user.reset_code',
        targetType: 'user',
        targetId: target.id,
        details: { username: target.username, expiresAt: expiresAt.toISOString() },
      });
      return { code, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/register',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        body: staffCreateAccountBodySchema,
        response: { 201: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await registerUser(app.db, { ...request.body, mustChangePassword: true });
      await recordAudit(app.db, request, {
        action: 'user.create',
        targetType: 'user',
        targetId: user._id,
        details: { username: user.username },
      });
      return reply.status(201).send({
        message: 'Account created. The user must choose a new password at first login.',
        user,
      });
    },
  );

  app.post(
    '/auth/login-as/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: loginAsBodySchema,
        response: { 200: loginAsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      if (actor.impersonatedBy) throw forbidden('Return to your own account first.');
      const target = await loadManageableUser(app.db, actor, request.params.id);
      if (target.bannedAt) throw badRequest('This account has been banned.');
      if (actor.twoFactorEnabled) {
        const [self] = await app.db.select().from(users).where(eq(users.id, actor.id));
        const code = request.body.generatedCode ?? '';
        if (!code || !self || !(await checkSecondFactor(app.db, app.encryptionKey, self, code))) {
          const message = 'Enter your current 2FA code to sign in as another user.';
          throw new HttpError(403, message, { generatedCode: message });
        }
      }
      const token = await createSession(app.db, target.id, {
        impersonatedBy: actor.id,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await recordAudit(app.db, request, {
        action: 'user.login_as',
        targetType: 'user',
        targetId: target.id,
        details: { username: target.username },
      });
      return {
        token,
        user: { _id: target.id, username: target.username, role: target.role as Role },
        expiresAt: new Date(Date.now() + IMPERSONATION_MS).toISOString(),
      };
    },
  );
};
export default usersAdminRoutes;
