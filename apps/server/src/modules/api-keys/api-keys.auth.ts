import { and, eq, isNull } from 'drizzle-orm';
import type { Role } from '@stellar/shared';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { accountColumns } from '../auth';

/** last_used_at is written at most this often for one address, so reads stay reads. */
const TOUCH_EVERY_MS = 30 * 1000;

export interface ApiKeyUser {
  id: string;
  username: string;
  role: Role;
  twoFactorEnabled: boolean;
  mustChangePassword: boolean;
  apiKey: {
    id: string;
    name: string;
    scopes: string[];
    productId: string | null;
    plan: string | null;
  };
}

/**
 * The owner behind a live key (not revoked, owner not banned), with the role read fresh; records
 * the time and address of the use.
 */
export async function findApiKeyUser(
  db: Db,
  key: string,
  ip: string | null,
): Promise<ApiKeyUser | null> {
  const [row] = await db
    .select({
      ...accountColumns,
      keyId: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      productId: apiKeys.productId,
      plan: apiKeys.plan,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sha256(key)), isNull(apiKeys.revokedAt), isNull(users.bannedAt)))
    .limit(1);
  if (!row) return null;
  const now = new Date();
  if (
    !row.lastUsedAt ||
    row.lastUsedIp !== ip ||
    now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS
  ) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedIp: ip })
      .where(eq(apiKeys.id, row.keyId));
  }
  return {
    id: row.id,
    username: row.username,
    role: row.role as Role,
    twoFactorEnabled: row.twoFactorEnabled,
    mustChangePassword: row.mustChangePassword,
    apiKey: {
      id: row.keyId,
      name: row.name,
      scopes: row.scopes,
      productId: row.productId,
      plan: row.plan,
    },
  };
}
