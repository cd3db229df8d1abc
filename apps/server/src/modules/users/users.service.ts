import { sql } from 'drizzle-orm';
import { centsToDollars, type CurrentUser, type Role } from '@stellar/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { Batcher, batcherPer } from '../../lib/batcher';
import { notFound } from '../../lib/http-errors';

/** The columns the shell's user reads (no hash, secret or codes are even loaded). */
const prepareCurrentUsers = (db: Db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      twoFactorEnabled: users.twoFactorEnabled,
      balanceCents: users.balanceCents,
      mustChangePassword: users.mustChangePassword,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    // Named: built once by Drizzle, planned once per PostgreSQL connection.
    .prepare('current_users_v1');
type CurrentUserRow = Awaited<
  ReturnType<ReturnType<typeof prepareCurrentUsers>['execute']>
>[number];

/**
 * The shell's user reads of concurrent requests share one query per turn of the event loop
 * (lib/batcher.ts), every one of them made after its request arrived: as fresh as a query each,
 * but 50 dashboards opening together cost one statement on the embedded database instead of 50.
 */
const currentUserReads = batcherPer((db: Db) => {
  const prepared = prepareCurrentUsers(db);
  return new Batcher<string, CurrentUserRow | undefined>(async (ids) => {
    const rows = await prepared.execute({ ids: [...new Set(ids)] });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id));
  });
});

/** The signed-in user as the shell reads it (presenter: no hash, secret or codes leave). */
export async function getCurrentUser(
  db: Db,
  userId: string,
  impersonatedBy: string | null,
): Promise<CurrentUser> {
  const user = await currentUserReads(db).load(userId);
  if (!user) throw notFound('User not found.');
  return {
    _id: user.id,
    username: user.username,
    role: user.role as Role,
    twoFactorEnabled: user.twoFactorEnabled,
    balance: centsToDollars(user.balanceCents),
    mustChangePassword: user.mustChangePassword,
    impersonatedBy,
    createdAt: user.createdAt.toISOString(),
  };
}
