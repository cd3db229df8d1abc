import { and, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars } from '@stellar/shared';
import type { Db } from '../../db/client';
import { balanceLedger, coupons, orders, products, users } from '../../db/schema';
import { SYSTEM_ACTOR, type Actor } from '../../lib/actor';
import { writeAudit } from '../audit';
import { recordEvent } from '../events';
import { grantLicenceDays } from '../licences';

type OrderRow = typeof orders.$inferSelect;
const OPEN = ['pending', 'processing'] as const;

/**
 * Delivers a paid order in the caller's transaction, exactly once: the guarded UPDATE lets one
 * caller (webhook, redelivery, reconciler, another process) through; the others get null.
 * Licence orders create or extend the licence by the plan's days; top-ups credit the balance with
 * a ledger row. Audit and events are written beside the change.
 */
export async function deliverOrder(
  tx: Db,
  orderId: string,
  opts: { actor?: Actor; invoiceStatus?: string | null; now?: Date } = {},
): Promise<OrderRow | null> {
  const now = opts.now ?? new Date();
  const [order] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paidAt: now,
      updatedAt: now,
      reconcileAfter: null,
      attentionReason: null,
      ...(opts.invoiceStatus !== undefined ? { invoiceStatus: opts.invoiceStatus } : {}),
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...OPEN])))
    .returning();
  if (!order) return null;
  const actor = opts.actor ?? SYSTEM_ACTOR;
  let delivered: OrderRow = order;

  if (order.kind === 'licence') {
    const licence = await grantLicenceDays(tx, {
      userId: order.userId,
      productId: order.productId!,
      days: order.durationDays!,
      now,
      plan: order.plan ? { name: order.plan } : null,
    });
    [delivered] = (await tx
      .update(orders)
      .set({ licenceId: licence.licenceId, deliveredDays: order.durationDays })
      .where(eq(orders.id, order.id))
      .returning()) as [OrderRow];
    const [product] = await tx
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, order.productId!));
    await recordEvent(tx, {
      type: 'order.paid',
      userId: order.userId,
      subjectType: 'order',
      subjectId: order.id,
      payload: {
        orderId: order.id,
        product: product?.title ?? order.productId,
        plan: order.plan,
        amount: centsToDollars(order.amountCents),
        currency: order.currency,
        licenceId: licence.licenceId,
      },
    });
    await recordEvent(tx, {
      type: licence.created ? 'licence.created' : 'licence.extended',
      userId: order.userId,
      subjectType: 'licence',
      subjectId: licence.licenceId,
      payload: {
        licenceId: licence.licenceId,
        productId: order.productId,
        expiresAt: licence.expiresAt.toISOString(),
        source: 'order',
      },
    });
  } else {
    const [credited] = await tx
      .update(users)
      .set({ balanceCents: sql`${users.balanceCents} + ${order.amountCents}`, updatedAt: now })
      .where(eq(users.id, order.userId))
      .returning({ balanceCents: users.balanceCents });
    await tx.insert(balanceLedger).values({
      userId: order.userId,
      deltaCents: order.amountCents,
      reason: 'top_up',
      actorId: actor.id,
      reference: { orderId: order.id },
    });
    await recordEvent(tx, {
      type: 'reseller.balance.changed',
      userId: order.userId,
      resellerId: order.userId,
      subjectType: 'user',
      subjectId: order.userId,
      payload: {
        balance: centsToDollars(credited?.balanceCents ?? 0),
        delta: centsToDollars(order.amountCents),
        reason: 'top_up',
        orderId: order.id,
      },
    });
  }
  await recordEvent(tx, {
    type: order.kind === 'licence' ? 'order.updated' : 'top_up.updated',
    userId: order.userId,
    subjectType: 'order',
    subjectId: order.id,
    payload: { orderId: order.id, status: 'paid' },
  });
  await writeAudit(tx, actor, {
    action: 'order.paid',
    targetType: 'order',
    targetId: order.id,
    details: {
      kind: order.kind,
      amount: centsToDollars(order.amountCents),
      currency: order.currency,
      processor: order.processor,
      invoiceId: order.invoiceId,
      ...(delivered.licenceId
        ? { licenceId: delivered.licenceId, days: delivered.deliveredDays }
        : {}),
    },
  });
  return delivered;
}

/** pending -> processing (payment seen, waiting for confirmations). */
export async function markProcessing(db: Db, orderId: string, invoiceStatus: string) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: 'processing', invoiceStatus, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning();
    if (order) await orderUpdated(tx, order);
    return order ?? null;
  });
}

/**
 * pending/processing -> expired. The coupon use the order held is given back (a use counts from
 * creation; an order that was never paid should not burn it).
 */
export async function expireOrder(db: Db, orderId: string, invoiceStatus: string | null) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: 'expired', invoiceStatus, reconcileAfter: null, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), inArray(orders.status, [...OPEN])))
      .returning();
    if (!order) return null;
    if (order.couponId) {
      await tx
        .update(coupons)
        .set({ uses: sql`${coupons.uses} - 1` })
        .where(and(eq(coupons.id, order.couponId), sql`${coupons.uses} > 0`));
    }
    await orderUpdated(tx, order);
    return order;
  });
}

/**
 * An order a person must look at (partly paid, paid late, invalid, amount or currency differs).
 * Reached from pending, processing or expired (a late payment on an expired invoice).
 */
export async function markNeedsAttention(
  db: Db,
  orderId: string,
  reason: string,
  invoiceStatus: string,
) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        status: 'needs_attention',
        attentionReason: reason,
        invoiceStatus,
        reconcileAfter: null,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, orderId), inArray(orders.status, [...OPEN, 'expired'])))
      .returning();
    if (!order) return null;
    await recordEvent(tx, {
      type: 'order.needs_attention',
      userId: order.userId,
      subjectType: 'order',
      subjectId: order.id,
      payload: { orderId: order.id, status: 'needs_attention', reason },
    });
    await orderUpdated(tx, order);
    await writeAudit(tx, SYSTEM_ACTOR, {
      action: 'order.needs_attention',
      targetType: 'order',
      targetId: order.id,
      details: { reason, invoiceId: order.invoiceId, invoiceStatus },
    });
    return order;
  });
}

const orderUpdated = (tx: Db, order: OrderRow) =>
  recordEvent(tx, {
    type: order.kind === 'licence' ? 'order.updated' : 'top_up.updated',
    userId: order.userId,
    subjectType: 'order',
    subjectId: order.id,
    payload: { orderId: order.id, status: order.status },
  });
