import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@stellar/shared';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';

const refuse = (reason: string) => badRequest(MESSAGES.couponInvalid, { coupon: reason });

/**
 * Takes one use of a coupon for an order of `productId`, in the order's transaction, or answers
 * 400 with errors.coupon. The use is counted by a guarded UPDATE (`uses < max_uses`), so parallel
 * orders never exceed max uses; an order that expires unpaid gives its use back.
 */
export async function takeCouponUse(tx: Db, code: string, productId: string, now = new Date()) {
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`);
  if (!coupon) throw refuse(MESSAGES.couponUnknown);
  if (!coupon.active) throw refuse(MESSAGES.couponInactive);
  if (coupon.expiresAt && coupon.expiresAt <= now) throw refuse(MESSAGES.couponExpired);
  if (coupon.productId && coupon.productId !== productId) throw refuse(MESSAGES.couponWrongProduct);
  const [taken] = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        eq(coupons.id, coupon.id),
        eq(coupons.active, true),
        sql`(${coupons.maxUses} IS NULL OR ${coupons.uses} < ${coupons.maxUses})`,
      ),
    )
    .returning();
  if (!taken) throw refuse(MESSAGES.couponUsedUp);
  return taken;
}
