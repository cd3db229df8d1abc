import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backupCodesResponseSchema,
  errorResponseSchema,
  messageResponseSchema,
  twoFactorCodeBodySchema,
  twoFactorDisableBodySchema,
  twoFactorSetupBodySchema,
  twoFactorSetupResponseSchema,
  twoFactorVerifyResponseSchema,
} from '@stellar/shared';
import { eq } from 'drizzle-orm';
import { currentUser } from '../../plugins/auth';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { verifyPassword } from './password';
import {
  checkSecondFactor,
  clearTwoFactor,
  INVALID_2FA_CODE,
  regenerateBackupCodes,
  setupTwoFactor,
  verifyTwoFactorSetup,
} from './two-factor.service';

const PASSWORD_INCORRECT = 'Password is incorrect.';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const secured = { tags: ['2fa'], security: [{ bearer: [] }] };

const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const codeLimit = app.limit({
    name: '2fa-user',
    max: 10,
    windowMs: 5 * 60_000,
    key: (r) => r.user?.id ?? r.ip,
  });
  // Authentication before body validation, so a stranger gets 401 rather than field errors; a
  // login-as session (staff acting as the member) never changes the member's credentials.
  const guarded = { onRequest: app.requireOwnCredentials, preHandler: codeLimit };

  app.post(
    '/auth/2fa/setup',
    {
      ...guarded,
      schema: {
        ...secured,
        body: twoFactorSetupBodySchema,
        response: { 200: twoFactorSetupResponseSchema, ...errors },
      },
    },
    // The current password first: a stolen session alone must not be able to add a second factor
    // (and with it backup codes that reset the password).
    async (request) => {
      const me = currentUser(request);
      const [user] = await app.db.select().from(users).where(eq(users.id, me.id));
      if (!user || !(await verifyPassword(user.passwordHash, request.body.password))) {
        throw badRequest(PASSWORD_INCORRECT, { password: PASSWORD_INCORRECT });
      }
      return setupTwoFactor(app.db, app.encryptionKey, me);
    },
  );

  app.post(
    '/auth/2fa/verify',
    {
      ...guarded,
      schema: {
        ...secured,
        body: twoFactorCodeBodySchema,
        response: { 200: twoFactorVerifyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const backupCodes = await verifyTwoFactorSetup(
        app.db,
        app.encryptionKey,
        currentUser(request).id,
        request.body.code,
      );
      return { verified: true as const, backupCodes };
    },
  );

  /** Needs both the password and a current code, so a stolen session alone cannot remove 2FA. */
  app.post(
    '/auth/2fa/disable',
    {
      ...guarded,
      schema: {
        ...secured,
        body: twoFactorDisableBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const [user] = await app.db
        .select()
        .from(users)
        .where(eq(users.id, currentUser(request).id));
      if (!user?.twoFactorEnabled) throw badRequest('2FA is not enabled.');
      if (!(await verifyPassword(user.passwordHash, request.body.password))) {
        throw badRequest(PASSWORD_INCORRECT, { password: PASSWORD_INCORRECT });
      }
      if (!(await checkSecondFactor(app.db, app.encryptionKey, user, request.body.code))) {
        throw badRequest(INVALID_2FA_CODE, { code: INVALID_2FA_CODE });
      }
      await clearTwoFactor(app.db, user.id);
      return { message: '2FA has been disabled.' };
    },
  );

  app.post(
    '/auth/2fa/backup-codes',
    {
      ...guarded,
      schema: {
        ...secured,
        body: twoFactorCodeBodySchema,
        response: { 200: backupCodesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const [user] = await app.db
        .select()
        .from(users)
        .where(eq(users.id, currentUser(request).id));
      if (!user?.twoFactorEnabled) throw badRequest('2FA is not enabled.');
      if (!(await checkSecondFactor(app.db, app.encryptionKey, user, request.body.code))) {
        throw badRequest(INVALID_2FA_CODE, { code: INVALID_2FA_CODE });
      }
      return { backupCodes: await regenerateBackupCodes(app.db, user.id) };
    },
  );
};
export default twoFactorRoutes;
