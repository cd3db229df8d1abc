import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, rows, type TestContext } from '../../../test/harness';
import { seed } from '../../db/seed';

describe('GET /api/products', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('returns the three products with the spec prices, plans and fixed ids', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(200);
    const products = res.json();
    expect(products.map((p: { title: string }) => p.title)).toEqual([
      'Stellar Launcher',
      'Clothing Bot',
      'Other',
    ]);
    expect(products.map((p: { _id: string }) => p._id.slice(-4))).toEqual(['4567', '4568', '4569']);
    const prices = products.map((p: { pricing: { price: number }[] }) =>
      p.pricing.map((x) => x.price),
    );
    expect(prices).toEqual([
      [7, 25, 150],
      [7, 20, 120],
      [7, 20, 50],
    ]);
    for (const p of products) {
      expect(
        p.pricing.map((x: { plan: string; duration: string }) => `${x.plan}|${x.duration}`),
      ).toEqual(['Basic Plan|1 Week', 'Standard Plan|1 Month', 'Premium Plan|1 Year']);
    }
    expect(products[0].features).toHaveLength(6);
    expect(products[0].features).toContain('Python scripting integration');
    expect(products[1].features).toEqual([
      'Bulk upload',
      'Sales analytics',
      'Bulk editing',
      'AI quality control',
    ]);
    expect(products[2].features).toHaveLength(2);
  });

  it('seeding again changes nothing (idempotent)', async () => {
    await seed(ctx.db, { skipOwner: true });
    const counts = await rows(
      ctx,
      sql`select (select count(*) from products)::int as p, (select count(*) from plans)::int as pl,
                 (select count(*) from maintenance)::int as m, (select count(*) from settings)::int as s`,
    );
    expect(counts[0]).toEqual({ p: 3, pl: 9, m: 7, s: 1 });
    const settings = await rows(
      ctx,
      sql`select allow_hwid_reset, allow_settings_access, hwid_reset_cooldown_hours from settings`,
    );
    expect(settings[0]).toEqual({
      allow_hwid_reset: false,
      allow_settings_access: false,
      hwid_reset_cooldown_hours: 24,
    });
    const on = await rows(ctx, sql`select count(*)::int as n from maintenance where enabled`);
    expect(on[0]).toEqual({ n: 0 });
  });
});
