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
import { actorOf } from '../../lib/actor';
import { forbidden, HttpError } from '../../lib/http-errors';
import { IMPERSONATION_MS } from '../auth';
import { checkSecondFactor } from '../auth';
import {
  banUser,
  changeRole,
  createStaffAccount,
  issueResetCode,
  loginAs,
  removeUser,
  resetTwoFactor,
} from './users-admin.commands';
import { listUsers } from './users-admin.service';

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

/** Staff actions on accounts (docs/product.md#roles-and-permissions); every change is audited. */
const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The login-as 2FA step-up checks a code (TOTP or backup code): as limited as every other code check.
  const stepUpLimit = app.limit({
    name: 'login-as-2fa',
    max: 10,
    windowMs: 5 * 60_000,
    key: (request) => currentUser(request).id,
  });

  app.get(
    '/users',
    {
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
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: roleBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      const user = await changeRole(app.db, actorOf(request), {
        userId: request.params.id,
        role: request.body.role,
      });
      await disconnectEverywhere(app, user._id);
      return user;
    },
  );

  app.post(
    '/users/:id/ban',
    {
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: banBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      const user = await banUser(app.db, actorOf(request), {
        userId: request.params.id,
        banned: true,
        reason: request.body.reason,
      });
      await disconnectEverywhere(app, user._id);
      return user;
    },
  );

  app.post(
    '/users/:id/unban',
    {
      schema: {
        tags,
        security,
        params: idParamSchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      return banUser(app.db, actorOf(request), { userId: request.params.id, banned: false });
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        security,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const removed = await removeUser(app.db, actorOf(request), { userId: request.params.id });
      await disconnectEverywhere(app, removed.id);
      return { message: `${removed.username} has been removed.` };
    },
  );

  app.post(
    '/users/:id/reset-2fa',
    {
      schema: {
        tags,
        security,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const target = await resetTwoFactor(app.db, actorOf(request), { userId: request.params.id });
      return { message: `2FA has been reset for ${target.username}.` };
    },
  );

  app.post(
    '/users/:id/reset-code',
    {
      schema: {
        tags,
        security,
        params: idParamSchema,
        response: { 200: resetCodeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { code, expiresAt } = await issueResetCode(app.db, actorOf(request), {
        userId: request.params.id,
      });
      return { code, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        security,
        body: staffCreateAccountBodySchema,
        response: { 201: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await createStaffAccount(app.db, actorOf(request), request.body);
      return reply.status(201).send({
        message: 'Account created. The user must choose a new password at first login.',
        user,
      });
    },
  );

  app.post(
    '/auth/login-as/:id',
    {
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: loginAsBodySchema,
        response: { 200: loginAsResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      if (actor.impersonatedBy) throw forbidden('Return to your own account first.');
      if (actor.twoFactorEnabled) {
        await stepUpLimit.call(app, request, reply);
        const [self] = await app.db.select().from(users).where(eq(users.id, actor.id));
        const code = request.body.generatedCode ?? '';
        if (!code || !self || !(await checkSecondFactor(app.db, app.encryptionKey, self, code))) {
          const message = 'Enter your current 2FA code to sign in as another user.';
          throw new HttpError(403, message, { generatedCode: message });
        }
      }
      const { token, target } = await loginAs(app.db, actorOf(request), {
        userId: request.params.id,
        userAgent: request.headers['user-agent'],
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
