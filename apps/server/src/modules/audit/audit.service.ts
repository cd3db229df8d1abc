import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Actor } from '../../lib/actor';

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/**
 * Records an action by an actor inside the command's transaction. Through login-as the real person
 * (the impersonator) is the actor and the impersonated account is kept in the details; an action
 * through an API key names the key.
 */
export async function writeAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  const real = actor.impersonator ?? null;
  const details: Record<string, unknown> = { ...(entry.details ?? {}) };
  if (real) details.asUser = { id: actor.id, username: actor.username };
  if (actor.apiKey) details.apiKey = { id: actor.apiKey.id, name: actor.apiKey.name };
  await db.insert(auditLog).values({
    actorId: real ? real.id : actor.id,
    actorUsername: real ? real.username : actor.username,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: Object.keys(details).length > 0 ? details : null,
    ip: actor.ip,
  });
}
