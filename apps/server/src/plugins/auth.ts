import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@stellar/shared';
import { findSessionUser, type SessionUser } from '../modules/auth/sessions.service';
import { forbidden, HttpError, unauthorized } from '../lib/http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireRole; null on public routes. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
  }
  interface FastifyContextConfig {
    /** Reachable while the user must still choose a new password (change-password, logout, me). */
    allowPendingPasswordChange?: boolean;
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
export const PASSWORD_CHANGE_REQUIRED = 'You must choose a new password before continuing.';

/** Reads the bearer token of a request, or null when there is none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/** Bearer token -> session -> request.user, with the role read from the database each time. */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('user', null);

    const authenticate = async (request: FastifyRequest): Promise<SessionUser> => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const user = token.length > 200 ? null : await findSessionUser(app.db, token);
      if (!user) throw new HttpError(401, SESSION_EXPIRED);
      if (user.mustChangePassword && !request.routeOptions.config.allowPendingPasswordChange) {
        throw forbidden(PASSWORD_CHANGE_REQUIRED);
      }
      request.user = user;
      return user;
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (!roles.includes(user.role)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in user of a guarded route (requireUser ran first). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
