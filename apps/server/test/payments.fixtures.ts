import { eq, sql } from 'drizzle-orm';
import { balanceLedger, licences, orders, users } from '../src/db/schema';
import { rows, type TestContext } from './harness';

/** Test helpers shared by the payments tests: test mode (src/modules/payments) and BTCPay (test/). */
export const firstProductId = async (ctx: TestContext) =>
  (await rows<{ id: string }>(ctx, sql`select id from products order by sort_order limit 1`))[0]!
    .id;

export const orderRow = async (ctx: TestContext, id: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;

export const licencesOf = (ctx: TestContext, userId: string) =>
  ctx.db.select().from(licences).where(eq(licences.userId, userId));

export const licenceCount = async (ctx: TestContext, userId: string) =>
  (await licencesOf(ctx, userId)).length;

/** How many order.paid events the outbox holds for an order. */
export const paidEvents = async (ctx: TestContext, orderId: string) =>
  (
    await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from events where type = 'order.paid' and subject_id = ${orderId}`,
    )
  )[0]!.n;

export const postTopUp = (ctx: TestContext, auth: Record<string, string>, amount: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/resellers/me/top-ups',
    headers: auth,
    payload: { amount },
  });

/** A user's balance and balance ledger rows. */
export async function balanceOf(ctx: TestContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  const ledger = await ctx.db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId));
  return { balanceCents: user!.balanceCents, ledger };
}
