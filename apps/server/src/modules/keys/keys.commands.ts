import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_ROLES,
  centsToDollars,
  type GenerateKeysBody,
  type OwnedProduct,
} from '@stellar/shared';
import type { Db } from '../../db/client';
import { balanceLedger, licenceKeys, users } from '../../db/schema';
import type { UserActor } from '../../lib/actor';
import { badRequest, forbidden } from '../../lib/http-errors';
import { writeAudit } from '../audit';
import { recordEvent } from '../events';
import { grantLicenceDays } from '../licences';
import { getOwnedProduct } from '../licences';
import { newKeyCode, normaliseKeyCode } from '../../lib/key-code';
import {
  findPlan,
  INSUFFICIENT_BALANCE,
  INVALID_KEY,
  isGranted,
  PRODUCT_NOT_GRANTED,
} from './keys.service';

/**
 * Creates `quantity` keys: a Reseller pays price x quantity for a granted product (debit, ledger
 * row and keys in one transaction, the balance guarded in SQL); Admin and Owner create any, free.
 */
export async function generateKeys(
  db: Db,
  actor: UserActor,
  input: GenerateKeysBody,
): Promise<{ keys: string[]; balance: number }> {
  const plan = await findPlan(db, input.productId, input.plan);
  const free = ADMIN_ROLES.includes(actor.role);
  if (!free && !(actor.role === 'Reseller' && (await isGranted(db, actor.id, input.productId)))) {
    throw forbidden(PRODUCT_NOT_GRANTED);
  }
  const unitCents = free ? 0 : plan.priceCents;
  const cost = unitCents * input.quantity;

  return db.transaction(async (tx) => {
    let balanceCents: number;
    if (cost > 0) {
      const [debited] = await tx
        .update(users)
        .set({ balanceCents: sql`${users.balanceCents} - ${cost}`, updatedAt: new Date() })
        .where(and(eq(users.id, actor.id), gte(users.balanceCents, cost)))
        .returning({ balanceCents: users.balanceCents });
      if (!debited) throw badRequest(INSUFFICIENT_BALANCE);
      balanceCents = debited.balanceCents;
      await tx.insert(balanceLedger).values({
        userId: actor.id,
        deltaCents: -cost,
        reason: 'key_purchase',
        actorId: actor.id,
        reference: { productId: input.productId, plan: input.plan, quantity: input.quantity },
      });
      await recordEvent(tx, {
        type: 'reseller.balance.changed',
        userId: actor.id,
        resellerId: actor.id,
        subjectType: 'user',
        subjectId: actor.id,
        payload: {
          balance: centsToDollars(balanceCents),
          delta: centsToDollars(-cost),
          reason: 'key_purchase',
          productId: input.productId,
          plan: input.plan,
          quantity: input.quantity,
        },
      });
    } else {
      const [row] = await tx
        .select({ balanceCents: users.balanceCents })
        .from(users)
        .where(eq(users.id, actor.id));
      balanceCents = row?.balanceCents ?? 0;
    }
    const keys = Array.from({ length: input.quantity }, newKeyCode);
    await tx.insert(licenceKeys).values(
      keys.map((code) => ({
        code,
        productId: input.productId,
        planId: plan.planId,
        durationDays: plan.durationDays,
        pricePaidCents: unitCents,
        createdBy: actor.id,
      })),
    );
    if (free) {
      await writeAudit(tx, actor, {
        action: 'keys.generate',
        targetType: 'product',
        targetId: input.productId,
        details: { plan: input.plan, quantity: input.quantity },
      });
    }
    return { keys, balance: centsToDollars(balanceCents) };
  });
}

/**
 * Spends a key (one guarded UPDATE, so of two racing members exactly one wins) and creates the
 * member's licence for its product or extends it from max(now, expiry) by the key's days.
 */
export async function redeemKey(db: Db, actor: UserActor, keyCode: string): Promise<OwnedProduct> {
  const userId = actor.id;
  const code = normaliseKeyCode(keyCode);
  const now = new Date();
  const licenceId = await db.transaction(async (tx) => {
    const [key] = await tx
      .update(licenceKeys)
      .set({ redeemedAt: now, redeemedBy: userId })
      .where(
        and(
          eq(licenceKeys.code, code),
          isNull(licenceKeys.redeemedAt),
          isNull(licenceKeys.revokedAt),
        ),
      )
      .returning({
        id: licenceKeys.id,
        productId: licenceKeys.productId,
        durationDays: licenceKeys.durationDays,
        createdBy: licenceKeys.createdBy,
        planId: licenceKeys.planId,
      });
    if (!key) throw badRequest(INVALID_KEY);
    const licence = await grantLicenceDays(tx, {
      userId,
      productId: key.productId,
      days: key.durationDays,
      now,
      plan: key.planId ? { id: key.planId } : null,
    });
    await tx
      .update(licenceKeys)
      .set({ licenceId: licence.licenceId })
      .where(eq(licenceKeys.id, key.id));
    // The reseller who made the key hears of it too (its webhooks get events with its resellerId).
    await recordEvent(tx, {
      type: 'key.redeemed',
      userId,
      resellerId: key.createdBy,
      subjectType: 'licence_key',
      subjectId: key.id,
      payload: {
        keyId: key.id,
        productId: key.productId,
        durationDays: key.durationDays,
        licenceId: licence.licenceId,
      },
    });
    await recordEvent(tx, {
      type: licence.created ? 'licence.created' : 'licence.extended',
      userId,
      subjectType: 'licence',
      subjectId: licence.licenceId,
      payload: {
        licenceId: licence.licenceId,
        productId: key.productId,
        expiresAt: licence.expiresAt.toISOString(),
        source: 'redeem',
      },
    });
    return licence.licenceId;
  });
  return getOwnedProduct(db, userId, licenceId);
}
