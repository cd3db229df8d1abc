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
import { setTimeout as sleep } from 'node:timers/promises';
import { addressKey } from '../../lib/client-address';
import { HttpError } from '../../lib/http-errors';
import { currentUser } from '../../plugins/auth';
import { FailureDelay } from './failure-delay';
import { changePassword, login, registerUser, resetPassword } from './auth.service';
import { revokeSession } from './sessions.service';

const MINUTE = 60_000;
const byIp = (request: FastifyRequest) => addressKey(request.ip);
const byUsername = (request: FastifyRequest) =>
  String((request.body as { username?: unknown } | undefined)?.username ?? '')
    .trim()
    .toLowerCase();
/** One account from one address (IPv6 by /64): what a guesser burns, never the owner elsewhere. */
const byUsernameAndAddress = (request: FastifyRequest) =>
  `${byUsername(request)}|${addressKey(request.ip)}`;
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
  // Guesses count per (username, address), so ten wrong passwords from one place never stop the
  // owner signing in from another; a higher per-username ceiling bounds guessing from many places.
  const loginLimits = [
    app.limit({ name: 'login-ip', max: 30, windowMs: MINUTE, key: byIp }),
    app.limit({
      name: 'login-user-address',
      max: 10,
      windowMs: 5 * MINUTE,
      key: byUsernameAndAddress,
    }),
    app.limit({ name: 'login-user', max: 100, windowMs: 15 * MINUTE, key: byUsername }),
  ];
  const failedLogins = new FailureDelay();
  // No per-username ceiling here: a valid staff-issued reset code is never refused because someone
  // else guessed from elsewhere (codes expire in an hour; per-address limits bound guessing).
  const resetLimits = [
    app.limit({ name: 'reset-ip', max: 10, windowMs: 10 * MINUTE, key: byIp }),
    app.limit({
      name: 'reset-user-address',
      max: 5,
      windowMs: 15 * MINUTE,
      key: byUsernameAndAddress,
    }),
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
    async (request) => {
      const key = byUsernameAndAddress(request);
      const wait = failedLogins.delayMs(key);
      if (wait > 0) await sleep(wait);
      try {
        const result = await login(app.db, app.encryptionKey, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        failedLogins.succeed(key);
        return result;
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) failedLogins.fail(key);
        throw error;
      }
    },
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
      const { sessionId } = currentUser(request);
      await revokeSession(app.db, sessionId);
      // The session's live sockets close now, not at the next sweep.
      await app.realtime.endSession(sessionId);
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
