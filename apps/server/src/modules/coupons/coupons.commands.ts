import { and, eq, sql } from 'drizzle-orm';
import {
  COUPON_MESSAGES,
  dollarsToCents,
  type CreateCouponBody,
  type UpdateCouponBody,
} from '@stellar/shared';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/http-errors';
import { writeAudit } from '../audit';
import { recordEvent } from '../events';
import { presentCoupon, productTitle } from './coupons.queries';

const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

const couponChanged = (id: string, change: string) => ({
  type: 'coupon.changed' as const,
  subjectType: 'coupon',
  subjectId: id,
  payload: { couponId: id, change },
});

function futureExpiry(expiresAt: string | null | undefined, now: Date): Date | null | undefined {
  if (expiresAt == null) return expiresAt;
  const at = new Date(expiresAt);
  if (at <= now) throw fieldError('expiresAt', COUPON_MESSAGES.expiryPast);
  return at;
}

/**
 * Creates a coupon. The code is unique case-insensitively: the unique index on lower(code) decides
 * (ON CONFLICT DO NOTHING), so two staff creating "SAVE10" and "save10" at once get one coupon.
 */
export async function createCoupon(
  db: Db,
  actor: Actor,
  input: CreateCouponBody,
  now = new Date(),
) {
  const expiresAt = futureExpiry(input.expiresAt, now);
  return db.transaction(async (tx) => {
    const productId = input.productId ?? null;
    const product = await productTitle(tx, productId);
    if (productId && !product) throw fieldError('productId', COUPON_MESSAGES.unknownProduct);
    const [row] = await tx
      .insert(coupons)
      .values({
        code: input.code,
        percentOff: input.percentOff ?? null,
        amountOffCents: input.amountOff != null ? dollarsToCents(input.amountOff) : null,
        productId,
        maxUses: input.maxUses ?? null,
        expiresAt: expiresAt ?? null,
        active: input.active ?? true,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldError('code', COUPON_MESSAGES.duplicate);
    const coupon = presentCoupon(row, product);
    await writeAudit(tx, actor, {
      action: 'coupon.create',
      targetType: 'coupon',
      targetId: row.id,
      details: {
        code: coupon.code,
        percentOff: coupon.percentOff ?? null,
        amountOff: coupon.amountOff ?? null,
        productId,
        maxUses: coupon.maxUses,
        expiresAt: coupon.expiresAt,
      },
    });
    await recordEvent(tx, couponChanged(row.id, 'created'));
    return coupon;
  });
}

/**
 * Turns a coupon on or off, or changes its max uses or expiry. Max uses never drops below the uses
 * already counted (guarded in the UPDATE, as orders take uses concurrently).
 */
export async function updateCoupon(
  db: Db,
  actor: Actor,
  input: { id: string } & UpdateCouponBody,
  now = new Date(),
) {
  const { id, ...change } = input;
  if (Object.keys(change).length === 0) throw badRequest(COUPON_MESSAGES.nothingToChange);
  const expiresAt = futureExpiry(change.expiresAt, now);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!before) throw notFound(COUPON_MESSAGES.notFound);
    const maxUses = change.maxUses;
    const [row] = await tx
      .update(coupons)
      .set({
        ...(change.active !== undefined ? { active: change.active } : {}),
        ...(maxUses !== undefined ? { maxUses } : {}),
        ...(expiresAt !== undefined ? { expiresAt } : {}),
      })
      .where(
        and(eq(coupons.id, id), maxUses != null ? sql`${coupons.uses} <= ${maxUses}` : undefined),
      )
      .returning();
    if (!row) throw fieldError('maxUses', COUPON_MESSAGES.maxUsesBelowUses);
    const coupon = presentCoupon(row, await productTitle(tx, row.productId));
    const details: Record<string, unknown> = { code: row.code };
    if (change.active !== undefined) details.active = { from: before.active, to: row.active };
    if (maxUses !== undefined) details.maxUses = { from: before.maxUses, to: row.maxUses };
    if (expiresAt !== undefined)
      details.expiresAt = {
        from: before.expiresAt?.toISOString() ?? null,
        to: coupon.expiresAt,
      };
    const action =
      change.active === undefined || change.active === before.active
        ? 'coupon.update'
        : change.active
          ? 'coupon.enable'
          : 'coupon.disable';
    await writeAudit(tx, actor, { action, targetType: 'coupon', targetId: id, details });
    await recordEvent(tx, couponChanged(id, action.slice('coupon.'.length)));
    return coupon;
  });
}
