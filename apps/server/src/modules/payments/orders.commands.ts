import { eq, sql } from 'drizzle-orm';
import { dollarsToCents, MESSAGES, priceAfterCoupon, type CreateOrderBody } from '@stellar/shared';
import type { Db } from '../../db/client';
import { coupons, orders } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-errors';
import { findPlan } from '../keys';
import { takeCouponUse } from './coupon-use';
import { deliverOrder } from './delivery.commands';
import type { PaymentProcessor } from './processor';

type OrderRow = typeof orders.$inferSelect;

export interface PaymentsContext {
  processor: PaymentProcessor;
  /** Base of the site's own pages, for the processor's redirect back (PUBLIC_URL). */
  publicUrl: string;
  reconcileSeconds: number;
}

export const paymentsNotSetUp = () => new HttpError(503, MESSAGES.paymentsNotSetUp);

/**
 * A member buys a plan: the price is the plan's (snapshot), less the coupon (its use taken in the
 * same transaction). Nothing to pay -> delivered at once, no invoice. Otherwise an invoice is
 * created with the processor and the order waits for its webhook (or the reconciler).
 */
export async function createOrder(
  db: Db,
  payments: PaymentsContext,
  actor: Actor & { id: string },
  input: CreateOrderBody,
): Promise<{ order: OrderRow; checkoutUrl: string | null }> {
  const plan = await findPlan(db, input.productId, input.plan);
  const order = await db.transaction(async (tx) => {
    const coupon = input.coupon ? await takeCouponUse(tx, input.coupon, input.productId) : null;
    const amountCents = priceAfterCoupon(plan.priceCents, coupon);
    const [row] = await tx
      .insert(orders)
      .values({
        kind: 'licence',
        userId: actor.id,
        productId: input.productId,
        plan: input.plan,
        durationDays: plan.durationDays,
        amountCents,
        listPriceCents: plan.priceCents,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        processor: amountCents > 0 ? payments.processor.name : null,
        reconcileAfter:
          amountCents > 0 ? sql`now() + make_interval(secs => ${payments.reconcileSeconds})` : null,
      })
      .returning();
    if (amountCents > 0) return row!;
    return (await deliverOrder(tx, row!.id, { actor }))!;
  });
  if (order.status === 'paid') return { order, checkoutUrl: null };
  return attachInvoice(db, payments, order);
}

/** A reseller tops up its balance by `amount` dollars through an invoice. */
export async function createTopUp(
  db: Db,
  payments: PaymentsContext,
  actor: Actor & { id: string },
  amount: number,
): Promise<{ order: OrderRow; checkoutUrl: string }> {
  const amountCents = dollarsToCents(amount);
  const [order] = await db
    .insert(orders)
    .values({
      kind: 'top_up',
      userId: actor.id,
      amountCents,
      listPriceCents: amountCents,
      processor: payments.processor.name,
      reconcileAfter: sql`now() + make_interval(secs => ${payments.reconcileSeconds})`,
    })
    .returning();
  const created = await attachInvoice(db, payments, order!);
  return { order: created.order, checkoutUrl: created.checkoutUrl! };
}

/**
 * Creates the processor's invoice outside any transaction (a slow processor holds no lock). When
 * it fails, the order is removed and its coupon use given back, and the member may try again.
 */
async function attachInvoice(db: Db, payments: PaymentsContext, order: OrderRow) {
  let invoice: { id: string; checkoutLink: string };
  try {
    invoice = await payments.processor.createInvoice({
      orderId: order.id,
      amountCents: order.amountCents,
      currency: order.currency,
      redirectUrl:
        order.kind === 'licence'
          ? `${payments.publicUrl}/orders/${order.id}`
          : `${payments.publicUrl}/resell-panel`,
    });
  } catch (err) {
    await db.transaction(async (tx) => {
      await tx.delete(orders).where(eq(orders.id, order.id));
      if (order.couponId) {
        await tx
          .update(coupons)
          .set({ uses: sql`${coupons.uses} - 1` })
          .where(sql`${coupons.id} = ${order.couponId} AND ${coupons.uses} > 0`);
      }
    });
    throw Object.assign(new HttpError(502, MESSAGES.paymentProcessorUnavailable), { cause: err });
  }
  const [updated] = await db
    .update(orders)
    .set({
      invoiceId: invoice.id,
      checkoutUrl: invoice.checkoutLink,
      invoiceStatus: 'New',
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id))
    .returning();
  return { order: updated!, checkoutUrl: invoice.checkoutLink };
}
