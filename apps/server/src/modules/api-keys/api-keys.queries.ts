import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiKey } from '@stellar/shared';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';

/** The owner's view of a key: the stored hash never leaves the server. */
export function presentApiKey(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    scopes: row.scopes,
    productId: row.productId,
    plan: row.plan,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
  };
}

/** The user's live (not revoked) keys, newest first. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKey[]> {
  const found = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return found.map(presentApiKey);
}
