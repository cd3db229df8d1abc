import { and, eq, sql } from 'drizzle-orm';
import { centsToDollars, REFUND_MESSAGES } from '@stellar/shared';
import type { Db } from '../../db/client';
import { balanceLedger, licences, orders, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/http-errors';
import { writeAudit } from '../audit';
import { recordEvent } from '../events';
import { getAdminOrder } from './orders-admin.queries';

type OrderRow = typeof orders.$inferSelect;

/**
 * Marks a paid order refunded and takes back what it gave, in one transaction. The guarded UPDATE
 * (`WHERE status = 'paid'`) lets exactly one of several parallel refunds through; the others get
 * 409. A licence order's licence loses the order's delivered days, never below now (and a refund
 * never lengthens a licence); a top-up's amount leaves the reseller's balance only if the balance
 * still holds it (guarded in SQL, else 409 and nothing changes). The coins themselves go back
 * through BTCPay: Stellar does not move funds.
 */
export async function refundOrder(
  db: Db,
  actor: Actor,
  input: { orderId: string; reason: string },
) {
  const result = await db.transaction(async (tx) => {
    const now = new Date();
    const [order] = await tx
      .update(orders)
      .set({
        status: 'refunded',
        refundReason: input.reason,
        refundedBy: actor.id,
        refundedAt: now,
        updatedAt: now,
        reconcileAfter: null,
      })
      .where(and(eq(orders.id, input.orderId), eq(orders.status, 'paid')))
      .returning();
    if (!order) {
      const [exists] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.id, input.orderId));
      throw exists ? conflict(REFUND_MESSAGES.notPaid) : notFound(REFUND_MESSAGES.notFound);
    }
    const taken =
      order.kind === 'top_up'
        ? await takeBackTopUp(tx, actor, order)
        : await takeBackDays(tx, order);
    await writeAudit(tx, actor, {
      action: 'order.refund',
      targetType: 'order',
      targetId: order.id,
      details: {
        kind: order.kind,
        userId: order.userId,
        amount: centsToDollars(order.amountCents),
        currency: order.currency,
        invoiceId: order.invoiceId,
        reason: input.reason,
        ...taken,
      },
    });
    await recordEvent(tx, {
      type: 'order.refunded',
      userId: order.userId,
      subjectType: 'order',
      subjectId: order.id,
      payload: { orderId: order.id, amount: centsToDollars(order.amountCents) },
    });
    await recordEvent(tx, {
      type: order.kind === 'licence' ? 'order.updated' : 'top_up.updated',
      userId: order.userId,
      subjectType: 'order',
      subjectId: order.id,
      payload: { orderId: order.id, status: 'refunded' },
    });
    return order.id;
  });
  return (await getAdminOrder(db, result))!;
}

/** expires_at = max(now, expires_at - days), and never later than it was. */
async function takeBackDays(tx: Db, order: OrderRow) {
  const days = order.deliveredDays ?? 0;
  if (!order.licenceId || days <= 0) return { licenceId: order.licenceId, days: 0 };
  const [before] = await tx
    .select({ expiresAt: licences.expiresAt })
    .from(licences)
    .where(eq(licences.id, order.licenceId))
    .for('update');
  if (!before) return { licenceId: order.licenceId, days: 0 };
  // 24-hour steps, as grantLicenceDays adds them.
  const [after] = await tx
    .update(licences)
    .set({
      expiresAt: sql`least(${licences.expiresAt}, greatest(now(), ${licences.expiresAt} - (${days}::int * interval '24 hours')))`,
    })
    .where(eq(licences.id, order.licenceId))
    .returning({ expiresAt: licences.expiresAt });
  return {
    licenceId: order.licenceId,
    days,
    expiresAt: { from: before.expiresAt.toISOString(), to: after!.expiresAt.toISOString() },
  };
}

/** Takes the top-up back from the balance with a ledger row, only if the balance still holds it. */
async function takeBackTopUp(tx: Db, actor: Actor, order: OrderRow) {
  const [debited] = await tx
    .update(users)
    .set({ balanceCents: sql`${users.balanceCents} - ${order.amountCents}`, updatedAt: new Date() })
    .where(and(eq(users.id, order.userId), sql`${users.balanceCents} >= ${order.amountCents}`))
    .returning({ balanceCents: users.balanceCents });
  if (!debited) throw conflict(REFUND_MESSAGES.balanceTooLow);
  await tx.insert(balanceLedger).values({
    userId: order.userId,
    deltaCents: -order.amountCents,
    reason: 'top_up_refund',
    actorId: actor.id,
    reference: { orderId: order.id },
  });
  const balance = centsToDollars(debited.balanceCents);
  await recordEvent(tx, {
    type: 'reseller.balance.changed',
    userId: order.userId,
    resellerId: order.userId,
    subjectType: 'user',
    subjectId: order.userId,
    payload: {
      balance,
      delta: -centsToDollars(order.amountCents),
      reason: 'top_up_refund',
      orderId: order.id,
    },
  });
  return { balance };
}
