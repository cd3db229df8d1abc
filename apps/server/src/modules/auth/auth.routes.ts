import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  changePasswordBodySchema,
  errorResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
} from '@stellar/shared';
import { currentUser } from '../../plugins/auth';
import { changePassword, login, registerUser, resetPassword } from './auth.service';
import { revokeSession } from './sessions.service';

const MINUTE = 60_000;
const byIp = (request: FastifyRequest) => request.ip;
const byUsername = (request: FastifyRequest) =>
  String((request.body as { username?: unknown } | undefined)?.username ?? '')
    .trim()
    .toLowerCase();
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const registerLimit = app.limit({
    name: 'register-ip',
    max: 10,
    windowMs: 10 * MINUTE,
    key: byIp,
  });
  // Per username the window is short: a stranger can slow an account down, not lock it out for long.
  const loginLimits = [
    app.limit({ name: 'login-ip', max: 30, windowMs: MINUTE, key: byIp }),
    app.limit({ name: 'login-user', max: 10, windowMs: 5 * MINUTE, key: byUsername }),
  ];
  const resetLimits = [
    app.limit({ name: 'reset-ip', max: 10, windowMs: 10 * MINUTE, key: byIp }),
    app.limit({ name: 'reset-user', max: 5, windowMs: 15 * MINUTE, key: byUsername }),
  ];

  app.post(
    '/register',
    {
      preHandler: registerLimit,
      schema: {
        tags: ['auth'],
        body: registerBodySchema,
        response: { 201: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await registerUser(app.db, request.body);
      return reply.status(201).send({ message: 'Registration successful', user });
    },
  );

  app.post(
    '/auth/login',
    {
      preHandler: loginLimits,
      schema: {
        tags: ['auth'],
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) =>
      login(app.db, app.encryptionKey, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.requireUser,
      config: { allowPendingPasswordChange: true },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await revokeSession(app.db, currentUser(request).sessionId);
      return { message: 'Logged out' };
    },
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: app.requireOwnCredentials,
      config: { allowPendingPasswordChange: true },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await changePassword(app.db, user.id, user.sessionId, request.body);
      return { message: 'Password changed. Other sessions have been signed out.' };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      preHandler: resetLimits,
      schema: {
        tags: ['auth'],
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resetPassword(app.db, app.encryptionKey, request.body);
      return { message: 'Your password has been reset. You can now log in.' };
    },
  );
};
export default authRoutes;
