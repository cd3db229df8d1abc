import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';
import { orders } from '../../db/schema';
import { countQueries } from '../auth/query-count.fixtures';
import { listTopUps } from '../payments';
import { CLOTHING, credit, generate, grant, LAUNCHER, OTHER, redeem } from '../keys/keys.fixtures';

describe('GET /api/resellers/me', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const me = (auth: Record<string, string>, query = '') =>
    ctx.app.inject({ url: `/api/resellers/me${query}`, headers: auth });

  it('shows balance, granted products with prices, and generated keys newest first, paged', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    await grant(ctx, reseller.user.id, CLOTHING._id);
    await grant(ctx, reseller.user.id, LAUNCHER._id);
    await credit(ctx, reseller.user.id, 5_000);
    const empty = (await me(reseller.auth)).json();
    expect(empty.balance).toBe(50);
    expect(empty.keys).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
    expect(empty.products).toEqual([
      {
        _id: LAUNCHER._id,
        title: 'Stellar Launcher',
        slug: 'stellar-launcher',
        pricing: LAUNCHER.pricing,
      },
      { _id: CLOTHING._id, title: 'Clothing Bot', slug: 'clothing-bot', pricing: CLOTHING.pricing },
    ]);

    const older = (
      await generate(ctx, reseller.auth, {
        productId: LAUNCHER._id,
        plan: 'Basic Plan',
        quantity: 2,
      })
    ).json().keys as string[];
    // Distinct creation times, so "newest first" is observable.
    await ctx.db.execute(
      sql`update licence_keys set created_at = now() - interval '1 hour' where created_by = ${reseller.user.id}`,
    );
    const newer = (
      await generate(ctx, reseller.auth, {
        productId: CLOTHING._id,
        plan: 'Standard Plan',
        quantity: 1,
      })
    ).json().keys as string[];
    const member = await signedIn(ctx);
    expect((await redeem(ctx, member.auth, older[0]!)).statusCode).toBe(200);

    const page1 = (await me(reseller.auth, '?page=1&pageSize=2')).json();
    expect(page1.balance).toBe(16);
    expect(page1.keys.total).toBe(3);
    expect(page1.keys.page).toBe(1);
    expect(page1.keys.pageSize).toBe(2);
    expect(page1.keys.items[0]).toEqual({
      code: newer[0],
      product: 'Clothing Bot',
      plan: 'Standard Plan',
      createdAt: expect.any(String),
      redeemed: false,
      redeemedAt: null,
    });
    const page2 = (await me(reseller.auth, '?page=2&pageSize=2')).json();
    const olderItems = [...page1.keys.items.slice(1), ...page2.keys.items];
    // A redeemed voucher is masked to its last group: the reseller can no longer use it.
    const masked = `STLR-*****-*****-*****-${older[0]!.slice(-5)}`;
    expect(olderItems.map((k: { code: string }) => k.code).sort()).toEqual(
      [masked, ...older.slice(1)].sort(),
    );
    expect(JSON.stringify(page1) + JSON.stringify(page2)).not.toContain(older[0]!);
    const redeemed = olderItems.find((k: { code: string }) => k.code === masked)!;
    expect(redeemed).toMatchObject({
      product: 'Stellar Launcher',
      plan: 'Basic Plan',
      redeemed: true,
    });
    expect(Date.parse(redeemed.redeemedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await me(reseller.auth, '?page=3&pageSize=2')).json().keys.items).toEqual([]);
  });

  it('Admin and Owner see every product; other roles are refused; bad paging is a 400', async () => {
    const admin = await signedIn(ctx, 'Admin');
    const body = (await me(admin.auth)).json();
    expect(body.products.map((p: { _id: string }) => p._id)).toEqual([
      LAUNCHER._id,
      CLOTHING._id,
      OTHER._id,
    ]);
    for (const role of ['Member', 'Support'] as const) {
      const user = await signedIn(ctx, role);
      const res = await me(user.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
    expect((await ctx.app.inject('/api/resellers/me')).statusCode).toBe(401);
    const tooBig = await me(admin.auth, '?pageSize=101');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('pageSize must be 1-100.');
    expect((await me(admin.auth, '?page=0')).statusCode).toBe(400);
    expect((await me(admin.auth, '?page=abc')).statusCode).toBe(400);
  });

  it('a Reseller with no grant sees no products', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    expect((await me(reseller.auth)).json().products).toEqual([]);
  });

  it('costs two queries (session; account, key page and top-ups in one): the catalogue comes from memory', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    await grant(ctx, reseller.user.id, OTHER._id);
    await grant(ctx, reseller.user.id, LAUNCHER._id);
    await me(reseller.auth); // the catalogue's first load
    let body: { products: { _id: string }[]; keys: { total: number } } | undefined;
    const queries = await countQueries(ctx, async () => {
      body = (await me(reseller.auth)).json();
    });
    expect(queries).toBe(2);
    expect(body!.products.map((p) => p._id)).toEqual([LAUNCHER._id, OTHER._id]);
    expect(body!.keys.total).toBe(0);
  });

  it("lists the reseller's own top-ups as the payments module does: latest 50, newest first", async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    const other = await signedIn(ctx, 'Reseller');
    const base = Date.parse('2026-03-01T10:00:00.000Z');
    const statuses = ['pending', 'paid', 'expired', 'needs_attention'] as const;
    const topUp = (userId: string, i: number) => ({
      kind: 'top_up' as const,
      userId,
      status: statuses[i % statuses.length],
      amountCents: 1_000 + i,
      listPriceCents: 1_000 + i,
      checkoutUrl: i % 3 === 0 ? `https://pay.example/i/${i}` : null,
      // Two orders share each creation time: the id breaks the tie.
      createdAt: new Date(base + Math.floor(i / 2) * 60_000),
      paidAt: statuses[i % statuses.length] === 'paid' ? new Date(base + i * 61_000 + 7) : null,
    });
    await ctx.db.insert(orders).values([
      ...Array.from({ length: 53 }, (_, i) => topUp(reseller.user.id, i)),
      topUp(other.user.id, 99),
      {
        ...topUp(reseller.user.id, 100),
        kind: 'licence' as const,
        productId: LAUNCHER._id,
        plan: 'Basic Plan',
        durationDays: 30,
        createdAt: new Date(),
      },
    ]);
    // Microseconds, which the API drops as listTopUps does.
    await ctx.db.execute(
      sql`update orders set created_at = created_at + interval '123.456 microseconds' where user_id = ${reseller.user.id}`,
    );
    const { topUps } = (await me(reseller.auth)).json();
    expect(topUps).toHaveLength(50);
    expect(topUps).toEqual(JSON.parse(JSON.stringify(await listTopUps(ctx.db, reseller.user.id))));
    expect(topUps[0]).toEqual({
      _id: expect.any(String),
      status: expect.any(String),
      amount: expect.any(Number),
      currency: 'USD',
      createdAt: new Date(base + 26 * 60_000).toISOString(),
      ...(topUps[0].status === 'paid' ? { paidAt: expect.any(String) } : {}),
      ...(topUps[0].status === 'pending' && topUps[0].checkoutUrl
        ? { checkoutUrl: expect.any(String) }
        : {}),
    });
    expect(topUps.some((t: { checkoutUrl?: string }) => t.checkoutUrl)).toBe(true);
    expect(topUps.some((t: { paidAt?: string }) => t.paidAt)).toBe(true);
  });
});
