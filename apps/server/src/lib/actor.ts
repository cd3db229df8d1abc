import type { FastifyRequest } from 'fastify';
import type { Role } from '@stellar/shared';

/**
 * Who performs a command. `id` is the account the action is done as; when a staff member acts
 * through login-as, `impersonator` is the real person, and audit entries name them.
 * `apiKey` is set when the request was authenticated by an integration key.
 */
export interface Actor {
  id: string | null;
  username: string | null;
  role: Role | null;
  ip: string | null;
  impersonator?: { id: string; username: string | null } | null;
  apiKey?: { id: string; name: string } | null;
}

/** An actor known to be a signed-in account (member actions need its id and name). */
export type UserActor = Actor & { id: string; username: string; role: Role };

/** The system itself (reconcilers, webhooks from payment providers, start-up jobs). */
export const SYSTEM_ACTOR: Actor = { id: null, username: null, role: null, ip: null };

/** The actor of a request: its signed-in user (if any) and address. */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.user;
  if (!user) return { ...SYSTEM_ACTOR, ip: request.ip };
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    ip: request.ip,
    impersonator: user.impersonatedBy
      ? { id: user.impersonatedBy, username: user.impersonatorUsername ?? null }
      : null,
    apiKey: user.apiKey ? { id: user.apiKey.id, name: user.apiKey.name } : null,
  };
}

/** The actor of a request that passed `requireUser`/`requireRole`: a signed-in account. */
export function userActorOf(request: FastifyRequest): UserActor {
  const actor = actorOf(request);
  if (!actor.id || !actor.username || !actor.role)
    throw new Error('userActorOf: no signed-in user');
  return actor as UserActor;
}
