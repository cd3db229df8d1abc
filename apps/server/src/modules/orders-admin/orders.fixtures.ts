import { orders, licences } from '../../db/schema';
import type { TestContext } from '../../../test/harness';

export const LAUNCHER = '64f1a2b3c4d5e6f701234567';
export const DAY_MS = 24 * 60 * 60 * 1000;

type OrderInsert = typeof orders.$inferInsert;

/**
 * Inserts an order row as checkout would have left it (tests only: the staff side must not depend
 * on the creation API). Defaults: a paid 30-day licence order of $25.
 */
export async function insertOrder(
  ctx: TestContext,
  values: Partial<OrderInsert> & { userId: string },
) {
  const kind = values.kind ?? 'licence';
  const [row] = await ctx.db
    .insert(orders)
    .values({
      kind,
      status: 'paid',
      amountCents: 2500,
      listPriceCents: values.amountCents ?? 2500,
      ...(kind === 'licence'
        ? { productId: LAUNCHER, plan: 'Monthly Plan', durationDays: 30 }
        : {}),
      paidAt: values.status && values.status !== 'paid' ? null : new Date(),
      processor: 'btcpay',
      invoiceId: `inv_${Math.random().toString(36).slice(2, 12)}`,
      ...values,
    })
    .returning();
  return row!;
}

/** A licence expiring `daysLeft` days from now, and the paid order that delivered `days` of it. */
export async function paidLicenceOrder(
  ctx: TestContext,
  userId: string,
  opts: { daysLeft: number; days: number; amountCents?: number },
) {
  const [licence] = await ctx.db
    .insert(licences)
    .values({
      userId,
      productId: LAUNCHER,
      expiresAt: new Date(Date.now() + opts.daysLeft * DAY_MS),
    })
    .returning();
  const order = await insertOrder(ctx, {
    userId,
    durationDays: opts.days,
    deliveredDays: opts.days,
    licenceId: licence!.id,
    amountCents: opts.amountCents ?? 2500,
  });
  return { licence: licence!, order };
}
