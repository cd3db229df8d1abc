import { eq } from 'drizzle-orm';
import { centsToDollars, type CurrentUser, type Role } from '@stellar/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../lib/http-errors';

/** The signed-in user as the shell reads it (presenter: no hash, secret or codes leave). */
export async function getCurrentUser(
  db: Db,
  userId: string,
  impersonatedBy: string | null,
): Promise<CurrentUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
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
