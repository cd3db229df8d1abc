import { and, eq, inArray } from 'drizzle-orm';
import type { Role } from '@stellar/shared';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { accountColumns, impersonator, liveSessionWhere, type SessionUser } from '../modules/auth';

const CHUNK = 1000;

/**
 * The sessions among `sessionIds` that are still live (liveSessionWhere, as for requests), with the user as it is now. One query per 1000 sessions,
 * so re-checking every open socket stays cheap; it does not count as activity on the session.
 */
export async function liveSessions(
  db: Db,
  sessionIds: readonly string[],
): Promise<Map<string, SessionUser>> {
  const live = new Map<string, SessionUser>();
  const now = new Date();
  for (let i = 0; i < sessionIds.length; i += CHUNK) {
    const rows = await db
      .select({
        ...accountColumns,
        sessionId: sessions.id,
        impersonatedBy: sessions.impersonatedBy,
        impersonatorUsername: impersonator.username,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(impersonator, eq(impersonator.id, sessions.impersonatedBy))
      .where(
        and(
          inArray(sessions.id, sessionIds.slice(i, i + CHUNK) as string[]),
          liveSessionWhere(now),
        ),
      );
    for (const row of rows) live.set(row.sessionId, { ...row, role: row.role as Role });
  }
  return live;
}
