import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/**
 * Records a staff action (actor, target, details, IP). Pass the transaction that made the change
 * so the record and the change commit together.
 */
export async function recordAudit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: request.user?.id ?? null,
    actorUsername: request.user?.username ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? null,
    ip: request.ip,
  });
}
