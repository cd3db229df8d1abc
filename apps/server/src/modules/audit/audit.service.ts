import type { FastifyRequest } from 'fastify';
import { count, desc, ilike, or, sql } from 'drizzle-orm';
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
export async function recordAudit(
  db: Db,
  request: FastifyRequest,
  entry: AuditEntry,
): Promise<void> {
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

/** The audit log, newest first, searchable by actor, action or target. */
export async function listAudit(db: Db, q: { search?: string; page: number; pageSize: number }) {
  const term = q.search ? `%${q.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = term
    ? or(
        ilike(auditLog.action, term),
        ilike(auditLog.actorUsername, term),
        ilike(auditLog.targetId, term),
        sql`${auditLog.details}::text ilike ${term}`,
      )
    : undefined;
  const [entries, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: entries.map((e) => ({
      _id: e.id,
      actor: e.actorUsername,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      details: e.details,
      ip: e.ip,
      createdAt: e.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}
