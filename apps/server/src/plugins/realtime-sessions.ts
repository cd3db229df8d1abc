import { selectLiveSessions, type SessionUser } from '../modules/auth';
import type { Db } from '../db/client';

const CHUNK = 1000;

/**
 * The sessions among `sessionIds` that are still live (liveSessionWhere, as for requests), with the
 * user as it is now. One query per 1000 sessions, so re-checking every open socket stays cheap; it
 * does not count as activity on the session.
 */
export async function liveSessions(
  db: Db,
  sessionIds: readonly string[],
): Promise<Map<string, SessionUser>> {
  const live = new Map<string, SessionUser>();
  const now = new Date();
  for (let i = 0; i < sessionIds.length; i += CHUNK) {
    const rows = await selectLiveSessions(db, 'id', sessionIds.slice(i, i + CHUNK), now);
    for (const { lastSeenAt: _seen, tokenHash: _hash, ...user } of rows)
      live.set(user.sessionId, user);
  }
  return live;
}
