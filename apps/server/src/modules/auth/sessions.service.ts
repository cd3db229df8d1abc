import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '@stellar/shared';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { Batcher, batcherPer } from '../../lib/batcher';
import { sha256 } from '../../lib/crypto';

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * DAY;
export const SESSION_ABSOLUTE_MS = 30 * DAY;
export const IMPERSONATION_MS = 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads don't all turn into writes. */
const TOUCH_EVERY_MS = 60 * 1000;

/** The signed-in user of a request, read fresh from the database on every request. */
export interface SessionUser {
  id: string;
  username: string;
  role: Role;
  twoFactorEnabled: boolean;
  mustChangePassword: boolean;
  sessionId: string;
  impersonatedBy: string | null;
  /** Username of the impersonator (login-as), when known. */
  impersonatorUsername?: string | null;
  /** Set when the request was authenticated by an integration key instead of a session. */
  apiKey?: {
    id: string;
    name: string;
    scopes: string[];
    productId: string | null;
    plan: string | null;
  };
}

interface SessionMeta {
  ip?: string;
  userAgent?: string;
  impersonatedBy?: string;
}

/** Opens a session and returns its bearer token (32 random bytes); only its hash is stored. */
export async function createSession(
  db: Db,
  userId: string,
  meta: SessionMeta = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const lifetime = meta.impersonatedBy ? IMPERSONATION_MS : SESSION_ABSOLUTE_MS;
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    impersonatedBy: meta.impersonatedBy ?? null,
    expiresAt: new Date(Date.now() + lifetime),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** What a request knows of its account, read fresh on every request (sessions and API keys alike). */
export const accountColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  twoFactorEnabled: users.twoFactorEnabled,
  mustChangePassword: users.mustChangePassword,
};

/** The staff member behind a login-as session (joined as a second copy of users). */
export const impersonator = alias(users, 'impersonator');

/**
 * What makes a session live, for requests and sockets alike: not expired, not idle too long, its
 * user not banned, and for a login-as session an impersonator who still exists (removal cascades),
 * is not banned and is still Admin or Owner. Needs `impersonator` left-joined on the session.
 * `now` and `idleSince` (now minus SESSION_IDLE_MS) are timestamptz expressions: the prepared
 * lookup below binds them as parameters.
 */
function liveSessionWhere(now: SQL, idleSince: SQL): SQL {
  return and(
    sql`${sessions.expiresAt} > ${now}`,
    sql`${sessions.lastSeenAt} > ${idleSince}`,
    isNull(users.bannedAt),
    or(
      isNull(sessions.impersonatedBy),
      and(isNull(impersonator.bannedAt), inArray(impersonator.role, ['Admin', 'Owner'])),
    ),
  )!;
}

export type LiveSessionRow = SessionUser & { lastSeenAt: Date; tokenHash: string };

/**
 * The live-session lookup by token hash (requests) or by session id (sockets), prepared once per
 * database: Drizzle builds its SQL once (building it was a sixth of a signed-in read's CPU on the
 * embedded database, docs/benchmarks.md), and PostgreSQL plans it once per connection.
 */
const prepareLiveSessions = (db: Db, by: 'tokenHash' | 'id') =>
  db
    .select({
      ...accountColumns,
      sessionId: sessions.id,
      tokenHash: sessions.tokenHash,
      impersonatedBy: sessions.impersonatedBy,
      impersonatorUsername: impersonator.username,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonator, eq(impersonator.id, sessions.impersonatedBy))
    .where(
      and(
        by === 'id'
          ? sql`${sessions.id} = any(${sql.placeholder('keys')}::uuid[])`
          : sql`${sessions.tokenHash} = any(${sql.placeholder('keys')}::text[])`,
        liveSessionWhere(
          sql`${sql.placeholder('now')}::timestamptz`,
          sql`${sql.placeholder('idleSince')}::timestamptz`,
        ),
      ),
    )
    .prepare(`live_sessions_by_${by === 'id' ? 'id' : 'token'}_v1`);

const liveSessionLookups = new WeakMap<
  Db,
  Record<'tokenHash' | 'id', ReturnType<typeof prepareLiveSessions>>
>();

/**
 * The live sessions (liveSessionWhere) among `keys`, looked up by token hash (requests) or by session
 * id (sockets re-checked by the realtime hub), each with its user as it is now. One query.
 */
export async function selectLiveSessions(
  db: Db,
  by: 'tokenHash' | 'id',
  keys: string[],
  now = new Date(),
): Promise<LiveSessionRow[]> {
  let prepared = liveSessionLookups.get(db);
  if (!prepared) {
    prepared = {
      tokenHash: prepareLiveSessions(db, 'tokenHash'),
      id: prepareLiveSessions(db, 'id'),
    };
    liveSessionLookups.set(db, prepared);
  }
  const rows = await prepared[by].execute({
    keys,
    now: now.toISOString(),
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
  });
  return rows.map((r) => ({ ...r, role: r.role as Role }));
}

/**
 * Concurrent requests read their sessions in one query per turn of the event loop (lib/batcher.ts):
 * still fresh from the database for every request (a ban or logout counts from the next request), but
 * 50 signed-in requests arriving together cost one round trip instead of 50 on the embedded database.
 */
const sessionLookups = batcherPer(
  (db: Db) =>
    new Batcher<string, LiveSessionRow | undefined>(async (hashes) => {
      const rows = await selectLiveSessions(db, 'tokenHash', [...new Set(hashes)]);
      const byHash = new Map(rows.map((r) => [r.tokenHash, r]));
      return hashes.map((h) => byHash.get(h));
    }),
);

/**
 * Sessions this process refreshed lately (id -> when). Concurrent requests of one session all read
 * the same stale last_seen_at in their batch: without this, 50 of them wrote 50 identical UPDATEs at
 * once every minute (each a synchronous write on the embedded database), a stall of every request
 * queued behind them. Another process touching the same session at most once a minute too is harmless.
 */
const recentTouches = new Map<string, number>();

function claimTouch(sessionId: string, now: number): boolean {
  const last = recentTouches.get(sessionId);
  if (last !== undefined && now - last < TOUCH_EVERY_MS) return false;
  if (recentTouches.size >= 10_000) {
    for (const [id, at] of recentTouches) if (now - at >= TOUCH_EVERY_MS) recentTouches.delete(id);
  }
  recentTouches.set(sessionId, now);
  return true;
}

/** The live session behind a token (see liveSessionWhere). */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  const row = await sessionLookups(db).load(sha256(token));
  if (!row) return null;
  const now = new Date();
  if (
    now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS &&
    claimTouch(row.sessionId, now.getTime())
  ) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  const { lastSeenAt: _seen, tokenHash: _hash, ...user } = row;
  return user;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, optionally keeping the one in use. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}

/** Housekeeping: drops sessions past their expiry. */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
}
