import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger } from '../../db/schema';
import { createTestApp, createUser, signedIn, type TestContext } from '../../../test/harness';
import { insertOrder, paidLicenceOrder } from '../orders-admin/orders.fixtures';

/** Overview revenue = paid (not refunded) plan orders + reseller key purchases; top-ups never. */
describe('admin overview: revenue from real orders', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'Admin');
  });
  afterAll(() => ctx.close());

  const overview = async () =>
    (await ctx.app.inject({ url: '/api/admin/overview', headers: admin.auth })).json();
  const today = () => new Date().toISOString().slice(0, 10);

  it('counts a paid plan order and key purchases; a refund, a top-up and unpaid orders do not count', async () => {
    expect((await overview()).totals.revenueLast30d).toBe(0);
    const member = await createUser(ctx);
    await paidLicenceOrder(ctx, member.id, { daysLeft: 30, days: 30, amountCents: 2500 });
    let o = await overview();
    expect(o.totals.revenueLast30d).toBe(25);
    expect(o.days.at(-1)).toMatchObject({ date: today(), revenue: 25 });

    // A reseller tops up $100 (money held, not earned) and spends $7 of it on keys (earned).
    const reseller = await createUser(ctx, { role: 'Reseller', balanceCents: 9300 });
    await insertOrder(ctx, { userId: reseller.id, kind: 'top_up', amountCents: 10_000 });
    await ctx.db.insert(balanceLedger).values([
      { userId: reseller.id, deltaCents: 10_000, reason: 'top_up' },
      { userId: reseller.id, deltaCents: -700, reason: 'key_purchase' },
    ]);
    o = await overview();
    expect(o.totals.revenueLast30d).toBe(32);

    for (const status of ['pending', 'processing', 'expired', 'needs_attention'] as const)
      await insertOrder(ctx, { userId: member.id, status, amountCents: 999 });
    expect((await overview()).totals.revenueLast30d).toBe(32);

    // A second plan order of $40 counts until staff refund it.
    const other = await createUser(ctx);
    const { order } = await paidLicenceOrder(ctx, other.id, {
      daysLeft: 30,
      days: 30,
      amountCents: 4000,
    });
    expect((await overview()).totals.revenueLast30d).toBe(72);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      headers: admin.auth,
      payload: { reason: 'Refund requested' },
    });
    expect(res.statusCode).toBe(200);
    o = await overview();
    expect(o.totals.revenueLast30d).toBe(32);
    expect(o.days.at(-1)).toMatchObject({ date: today(), revenue: 32 });
  });
});
