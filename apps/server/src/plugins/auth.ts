import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { API_KEY_PREFIX, type ApiKeyScope, type Role } from '@stellar/shared';
import { findSessionUser, type SessionUser } from '../modules/auth';
import { findApiKeyUser } from '../modules/api-keys';
import { forbidden, HttpError, unauthorized } from '../lib/http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireRole; null on public routes. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
    /** requireUser, and refuses a login-as session: credentials are changed only by their owner. */
    requireOwnCredentials: preHandlerAsyncHookHandler;
  }
  interface FastifyContextConfig {
    /** Reachable while the user must still choose a new password (change-password, logout, me). */
    allowPendingPasswordChange?: boolean;
    /**
     * The scope an API key (`Bearer stl_...`) needs to call this route. Routes without one refuse
     * API keys: only a signed-in session reaches them.
     */
    apiKeyScope?: ApiKeyScope;
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
export const PASSWORD_CHANGE_REQUIRED = 'You must choose a new password before continuing.';
export const NOT_WHILE_IMPERSONATING = 'Not allowed while signed in as another user.';
export const API_KEY_INVALID = 'Invalid or revoked API key.';
export const API_KEY_SCOPE_MISSING = 'This API key does not have the scope this action needs.';

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
    // OpenAPI: a route that accepts API keys lists the apiKey scheme with the scope it needs.
    app.addHook('onRoute', (route) => {
      const scope = (route.config as { apiKeyScope?: string } | undefined)?.apiKeyScope;
      const schema = route.schema as { security?: Record<string, string[]>[] } | undefined;
      if (scope && schema) schema.security = [...(schema.security ?? []), { apiKey: [scope] }];
    });

    const authenticate = async (request: FastifyRequest): Promise<SessionUser> => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      if (token.startsWith(API_KEY_PREFIX)) return authenticateKey(request, token);
      const user = token.length > 200 ? null : await findSessionUser(app.db, token);
      if (!user) throw new HttpError(401, SESSION_EXPIRED);
      if (user.mustChangePassword && !request.routeOptions.config.allowPendingPasswordChange) {
        throw forbidden(PASSWORD_CHANGE_REQUIRED);
      }
      request.user = user;
      return user;
    };

    // An API key acts as its owner (role read fresh), only on routes that name one of its scopes.
    const authenticateKey = async (request: FastifyRequest, key: string) => {
      const found = key.length > 200 ? null : await findApiKeyUser(app.db, key, request.ip);
      if (!found) throw new HttpError(401, API_KEY_INVALID);
      const scope = request.routeOptions.config.apiKeyScope;
      if (!scope || !found.apiKey.scopes.includes(scope)) throw forbidden(API_KEY_SCOPE_MISSING);
      if (found.mustChangePassword) throw forbidden(PASSWORD_CHANGE_REQUIRED);
      const user: SessionUser = {
        ...found,
        sessionId: `api-key:${found.apiKey.id}`,
        impersonatedBy: null,
      };
      request.user = user;
      return user;
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('requireOwnCredentials', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (user.impersonatedBy) throw forbidden(NOT_WHILE_IMPERSONATING);
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
