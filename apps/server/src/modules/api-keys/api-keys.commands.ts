import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { ADMIN_ROLES, API_KEY_PREFIX, type ApiKey, type CreateApiKeyBody } from '@stellar/shared';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { sha256 } from '../../lib/crypto';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { writeAudit } from '../audit';
import { findPlan, isGranted, PRODUCT_NOT_GRANTED } from '../keys';
import { presentApiKey } from './api-keys.queries';

export const MAX_API_KEYS = 50;
export const TOO_MANY_KEYS = `You can have at most ${MAX_API_KEYS} API keys.`;
export const API_KEY_REVOKED = 'API key revoked.';

/**
 * Creates an integration key for the actor and returns it once; only its SHA-256 is stored.
 * A `deliver` key is bound to a product and plan the owner may sell.
 */
export async function createApiKey(
  db: Db,
  actor: Actor & { id: string },
  input: CreateApiKeyBody,
): Promise<{ apiKey: ApiKey; key: string }> {
  if (input.scopes.includes('deliver')) {
    await findPlan(db, input.productId!, input.plan!);
    const free = actor.role !== null && ADMIN_ROLES.includes(actor.role);
    if (!free && !(await isGranted(db, actor.id, input.productId!))) {
      throw forbidden(PRODUCT_NOT_GRANTED);
    }
  } else if (input.productId || input.plan) {
    throw badRequest('Only a delivery key takes a product and a plan.', {
      productId: 'Only a delivery key takes a product and a plan.',
    });
  }
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, actor.id), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_API_KEYS) throw badRequest(TOO_MANY_KEYS);
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId: actor.id,
        name: input.name,
        scopes: [...new Set(input.scopes)],
        productId: input.productId ?? null,
        plan: input.plan ?? null,
        keyHash: sha256(key),
        prefix: key.slice(0, 12),
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'api_key.create',
      targetType: 'api_key',
      targetId: row!.id,
      details: { name: row!.name, scopes: row!.scopes },
    });
    return { apiKey: presentApiKey(row!), key };
  });
}

/** Revokes one of the actor's keys: the next request made with it is refused. */
export async function revokeApiKey(db: Db, actor: Actor & { id: string }, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, actor.id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name });
    if (!row) throw notFound('API key not found.');
    await writeAudit(tx, actor, {
      action: 'api_key.revoke',
      targetType: 'api_key',
      targetId: row.id,
      details: { name: row.name },
    });
  });
  return { message: API_KEY_REVOKED };
}
