import { and, eq } from 'drizzle-orm';
import { STAFF_ROLES } from '@stellar/shared';
import type { Db } from '../../db/client';
import { maintenance, shopDeliveries } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import type { SessionUser } from '../auth';
import type { UserActor } from '../../lib/actor';
import { generateKeys } from '../keys';

export const DELIVERY_MAINTENANCE =
  'Key delivery is paused for maintenance. Please try again later.';

export interface DeliveryRequest {
  quantity: number;
  /** The shop's order id: a second call with it returns the first call's keys, charging nothing. */
  orderId: string | null;
}

/**
 * Delivers keys for one shop order through a `deliver` key: generated and paid from the owner's
 * balance exactly as in the panel. With an order id the delivery row (unique per key and order)
 * is written in the same transaction as the keys, so concurrent retries wait for the first and
 * get its keys; a refused first call leaves nothing behind and the next retry tries again.
 */
export async function deliverOrder(
  db: Db,
  actor: UserActor,
  owner: SessionUser & { apiKey: NonNullable<SessionUser['apiKey']> },
  input: DeliveryRequest,
): Promise<{ keys: string[]; replayed: boolean }> {
  if (!STAFF_ROLES.includes(owner.role)) {
    const [paused] = await db
      .select({ enabled: maintenance.enabled })
      .from(maintenance)
      .where(eq(maintenance.page, 'resell-panel'));
    if (paused?.enabled) throw new HttpError(503, DELIVERY_MAINTENANCE);
  }
  const order = {
    productId: owner.apiKey.productId!,
    plan: owner.apiKey.plan!,
    quantity: input.quantity,
  };
  if (!input.orderId) {
    const { keys } = await generateKeys(db, actor, order);
    return { keys, replayed: false };
  }
  const orderId = input.orderId;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(shopDeliveries)
      .values({ apiKeyId: owner.apiKey.id, orderId, quantity: input.quantity, keys: [] })
      .onConflictDoNothing()
      .returning({ id: shopDeliveries.id });
    if (claimed.length === 0) {
      const [done] = await tx
        .select({ keys: shopDeliveries.keys })
        .from(shopDeliveries)
        .where(
          and(eq(shopDeliveries.apiKeyId, owner.apiKey.id), eq(shopDeliveries.orderId, orderId)),
        );
      return { keys: done?.keys ?? [], replayed: true };
    }
    const { keys } = await generateKeys(tx, actor, order);
    await tx.update(shopDeliveries).set({ keys }).where(eq(shopDeliveries.id, claimed[0]!.id));
    return { keys, replayed: false };
  });
}
