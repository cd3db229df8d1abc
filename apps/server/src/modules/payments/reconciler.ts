import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { applyInvoice } from './apply-invoice';
import { expireOrder } from './delivery.commands';
import type { PaymentProcessor } from './processor';

/** An order whose invoice was never created (the process died in between) is closed after this. */
const ORPHAN_MINUTES = 10;

/**
 * One reconciler pass: claims up to `batch` open orders that are due (`reconcile_after <= now()`)
 * with `FOR UPDATE SKIP LOCKED` and pushes their next check `intervalSeconds` ahead in the same
 * short transaction, so several processes split the work; then reads each invoice back from the
 * processor and applies it (guarded, so a webhook racing this changes the order once).
 */
export async function reconcileOnce(
  db: Db,
  processor: PaymentProcessor,
  opts: { intervalSeconds: number; batch?: number; log?: (msg: string, err?: unknown) => void },
): Promise<{ checked: number; changed: number }> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id, invoiceId: orders.invoiceId, createdAt: orders.createdAt })
      .from(orders)
      .where(
        and(
          inArray(orders.status, ['pending', 'processing']),
          eq(orders.processor, processor.name),
          isNotNull(orders.reconcileAfter),
          lte(orders.reconcileAfter, sql`now()`),
        ),
      )
      .orderBy(asc(orders.reconcileAfter))
      .limit(opts.batch ?? 25)
      .for('update', { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(orders)
        .set({ reconcileAfter: sql`now() + make_interval(secs => ${opts.intervalSeconds})` })
        .where(
          inArray(
            orders.id,
            due.map((d) => d.id),
          ),
        );
    }
    return due;
  });
  let changed = 0;
  for (const order of claimed) {
    try {
      if (!order.invoiceId) {
        if (Date.now() - order.createdAt.getTime() > ORPHAN_MINUTES * 60_000) {
          if (await expireOrder(db, order.id, null)) changed += 1;
        }
        continue;
      }
      const invoice = await processor.getInvoice(order.invoiceId);
      if (!invoice) continue;
      const { outcome } = await applyInvoice(db, processor.name, invoice);
      if (outcome !== 'unchanged' && outcome !== 'unknown_order') changed += 1;
    } catch (err) {
      opts.log?.(`payment reconciler: order ${order.id} not checked`, err);
    }
  }
  return { checked: claimed.length, changed };
}
