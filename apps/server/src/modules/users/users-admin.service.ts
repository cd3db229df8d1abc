import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  isNotNull,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  canAssignRole,
  canManageRole,
  centsToDollars,
  type AdminUser,
  type Role,
} from '@stellar/shared';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { Batcher, batcherPer, distinctBy, foldPages } from '../../lib/batcher';
import { forbidden, notFound } from '../../lib/http-errors';
import type { SessionUser } from '../auth';

/** Who acts in a staff rule: the hierarchy needs only the id and role. */
export type Staff = Pick<SessionUser, 'id' | 'role'>;

type UserRow = typeof users.$inferSelect;

/** Presenter: what the admin panel may see of a user. */
export const presentAdminUser = (u: UserRow): AdminUser => ({
  _id: u.id,
  username: u.username,
  role: u.role as Role,
  twoFactorEnabled: u.twoFactorEnabled,
  balance: centsToDollars(u.balanceCents),
  banned: u.bannedAt !== null,
  banReason: u.banReason,
  bannedAt: u.bannedAt?.toISOString() ?? null,
  mustChangePassword: u.mustChangePassword,
  createdAt: u.createdAt.toISOString(),
});

export interface UserListQuery {
  search?: string;
  role?: Role;
  status: 'active' | 'banned' | 'all';
  page: number;
  pageSize: number;
}

/** Users by username prefix/substring, role and status, newest first, one page at a time. */
export async function listUsers(db: Db, q: UserListQuery) {
  if (!q.search && !q.role) {
    const { items: rows, total } = await listPages[q.status](db).load(q);
    return { users: rows.map(presentAdminUser), total, page: q.page, pageSize: q.pageSize };
  }
  const filters: SQL[] = [];
  // Prefix search on lower(username) (users_username_pattern_idx): 0.1 ms at 100k users, where a
  // substring ILIKE reads the whole table.
  if (q.search) {
    const prefix = `${q.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    filters.push(sql`lower(${users.username}) like ${prefix}`);
  }
  if (q.role) filters.push(eq(users.role, q.role));
  const byStatus = statusWhere(q.status);
  if (byStatus) filters.push(byStatus);
  const where = filters.length ? and(...filters) : undefined;
  // The total rides on the page's query (an uncorrelated subquery, run once); only an empty page
  // needs a query of its own for it.
  const rows = await db
    .select({
      user: users,
      total: sql<number>`(select count(*) from ${users} where ${where ?? sql`true`})`.mapWith(
        Number,
      ),
    })
    .from(users)
    .where(where)
    .orderBy(sql`${users.createdAt} desc`, asc(users.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [counted] = await db.select({ n: count() }).from(users).where(where);
    total = counted?.n ?? 0;
  }
  return {
    users: rows.map((r) => presentAdminUser(r.user)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

type ListStatus = UserListQuery['status'];

/** The status filter as a fixed predicate, so PostgreSQL plans it with its partial index. */
const statusWhere = (status: ListStatus): SQL | undefined =>
  status === 'active'
    ? isNull(users.bannedAt)
    : status === 'banned'
      ? isNotNull(users.bannedAt)
      : undefined;

/**
 * Lists by status only (the panel's first view) for a batch of requests in one prepared statement
 * per status: one row of `q` per page asked, joined laterally to that page, with the total (an
 * uncorrelated subquery, run once). Searches and role filters keep listUsers' own query. The status
 * stays a fixed predicate: as a parameter (`q.status = ...`) it kept PostgreSQL off
 * users_active_created_idx, and page 200 of 100k users took p50 697 ms instead of 19.6 (bench:scale,
 * docs/benchmarks.md).
 */
const preparePages = (db: Db, status: ListStatus) => {
  const where = statusWhere(status);
  const page = db
    .select(getTableColumns(users))
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(sql`q.lim` as never)
    .offset(sql`q.off` as never)
    .as('page');
  return db
    .select({
      i: sql<number>`q.i`.mapWith(Number),
      total: sql<number>`(select count(*) from ${users} where ${where ?? sql`true`})`.mapWith(
        Number,
      ),
      user: page._.selectedFields,
    })
    .from(
      sql`unnest(${sql.placeholder('limits')}::int[], ${sql.placeholder('offsets')}::int[])
        with ordinality as q(lim, off, i)`,
    )
    .leftJoinLateral(page, sql`true`)
    .orderBy(sql`q.i`, desc(page.createdAt), asc(page.id))
    .prepare(`admin_user_pages_${status}_v1`);
};

/** Concurrent lists of one status share one statement per turn of the event loop (lib/batcher.ts). */
const pagesOf = (status: ListStatus) =>
  batcherPer((db: Db) => {
    const prepared = preparePages(db, status);
    return new Batcher<UserListQuery, { items: UserRow[]; total: number }>(async (asked) => {
      const { unique: pages, indexOf } = distinctBy(asked, (p) => `${p.page}/${p.pageSize}`);
      const rows = await prepared.execute({
        limits: pages.map((p) => p.pageSize),
        offsets: pages.map((p) => (p.page - 1) * p.pageSize),
      });
      return foldPages(rows, pages.length, indexOf, (row) => row.user);
    });
  });
const listPages = { active: pagesOf('active'), banned: pagesOf('banned'), all: pagesOf('all') };

/**
 * Loads the target of a staff action and applies the staff rules (docs/product.md#roles-and-permissions): no self-action, Admins act on
 * users below Admin, Owners on anyone but another Owner.
 */
export async function loadManageableUser(db: Db, actor: Staff, targetId: string): Promise<UserRow> {
  const [target] = await db.select().from(users).where(eq(users.id, targetId));
  if (!target) throw notFound('User not found.');
  if (target.id === actor.id) throw forbidden('You cannot do this to your own account.');
  if (!canManageRole(actor.role, target.role as Role)) throw forbidden();
  return target;
}

/**
 * Changes a role within the hierarchy. No Owner can be demoted, banned or removed through the API
 * (nobody acts on themselves and Owners do not act on Owners), so the last Owner is always kept.
 */
export async function changeRole(db: Db, actor: Staff, targetId: string, role: Role) {
  return db.transaction(async (tx) => {
    const target = await loadManageableUser(tx, actor, targetId);
    if (!canAssignRole(actor.role, role))
      throw forbidden('Only an Owner can make someone an Admin or Owner.');
    const [updated] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, target.id))
      .returning();
    return { before: target.role as Role, user: presentAdminUser(updated!) };
  });
}

/** Bans: login refused, every session ended at once. Unban reverses the flag only. */
export async function setBanned(
  db: Db,
  actor: Staff,
  targetId: string,
  banned: boolean,
  reason?: string,
) {
  return db.transaction(async (tx) => {
    const target = await loadManageableUser(tx, actor, targetId);
    const [updated] = await tx
      .update(users)
      .set(
        banned
          ? { bannedAt: new Date(), banReason: reason ?? null }
          : { bannedAt: null, banReason: null },
      )
      .where(eq(users.id, target.id))
      .returning();
    if (banned) await tx.delete(sessions).where(eq(sessions.userId, target.id));
    return presentAdminUser(updated!);
  });
}

/** Deletes the account and, by cascade, its sessions, licences, tickets, ledger and codes. */
export async function removeUser(db: Db, actor: Staff, targetId: string) {
  return db.transaction(async (tx) => {
    const target = await loadManageableUser(tx, actor, targetId);
    await tx.delete(users).where(eq(users.id, target.id));
    return target;
  });
}
