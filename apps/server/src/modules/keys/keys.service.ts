import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@stellar/shared';
import type { Db } from '../../db/client';
import { plans, products, resellerProducts } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';

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
