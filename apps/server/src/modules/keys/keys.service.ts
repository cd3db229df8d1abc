import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ADMIN_ROLES,
  centsToDollars,
  MESSAGES,
  type GenerateKeysBody,
  type OwnedProduct,
} from '@stellar/shared';
import type { Db } from '../../db/client';
import {
  balanceLedger,
  licenceKeys,
  plans,
  products,
  resellerProducts,
  users,
} from '../../db/schema';
import { badRequest, forbidden } from '../../lib/http-errors';
import { grantLicenceDays } from '../licences/grant-licence';
import type { SessionUser } from '../auth/sessions.service';
import { recordAudit } from '../audit/audit.service';
import { recordEvent } from '../events';
import { getOwnedProduct } from '../licences/licences.service';
import { newKeyCode, normaliseKeyCode } from './key-code';

export const INSUFFICIENT_BALANCE = MESSAGES.insufficientBalance;
export const INVALID_KEY = MESSAGES.invalidKey;
export const KEY_REDEEMED = MESSAGES.keyRedeemed;
export const UNKNOWN_PRODUCT = 'Unknown product.';
export const UNKNOWN_PLAN = 'Unknown plan for this product.';
export const PRODUCT_NOT_GRANTED = 'You are not allowed to sell this product.';

/** The plan being bought, or a 400 naming what is unknown. */
export async function findPlan(db: Db, productId: string, planName: string) {
  const [row] = await db
    .select({
      productId: products.id,
      planId: plans.id,
      durationDays: plans.durationDays,
      priceCents: plans.priceCents,
    })
    .from(products)
    .leftJoin(plans, and(eq(plans.productId, products.id), eq(plans.name, planName)))
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) throw badRequest(UNKNOWN_PRODUCT, { productId: UNKNOWN_PRODUCT });
  if (!row.planId || row.durationDays === null || row.priceCents === null) {
    throw badRequest(UNKNOWN_PLAN, { plan: UNKNOWN_PLAN });
  }
  return { planId: row.planId, durationDays: row.durationDays, priceCents: row.priceCents };
}

export async function isGranted(db: Db, userId: string, productId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: resellerProducts.userId })
    .from(resellerProducts)
    .where(and(eq(resellerProducts.userId, userId), eq(resellerProducts.productId, productId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Creates `quantity` keys: a Reseller pays price x quantity for a granted product (debit, ledger
 * row and keys in one transaction, the balance guarded in SQL); Admin and Owner create any, free.
 */
export async function generateKeys(
  db: Db,
  request: FastifyRequest,
  actor: SessionUser,
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
      await recordAudit(tx, request, {
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
export async function redeemKey(db: Db, userId: string, keyCode: string): Promise<OwnedProduct> {
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
      });
    if (!key) throw badRequest(INVALID_KEY);
    const licence = await grantLicenceDays(tx, {
      userId,
      productId: key.productId,
      days: key.durationDays,
      now,
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
