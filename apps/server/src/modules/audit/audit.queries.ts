import { count, desc, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

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
