import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, rows, signedIn, type TestContext } from '../../../test/harness';
import { balanceLedger, licenceKeys, settings } from '../../db/schema';

describe('admin: resellers, settings, overview, audit', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'Admin');
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: admin.auth, ...(payload ? { payload } : {}) });

  it('lists resellers with their products; grant and revoke', async () => {
    const reseller = await createUser(ctx, { role: 'Reseller' });
    expect(
      (
        await post(`/api/admin/resellers/${reseller.id}/products`, {
          productId: '64f1a2b3c4d5e6f701234567',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post(`/api/admin/resellers/${reseller.id}/products`, {
          productId: '64f1a2b3c4d5e6f701234567',
        })
      ).statusCode,
    ).toBe(200);
    const list = (
      await ctx.app.inject({ url: '/api/admin/resellers-products', headers: admin.auth })
    ).json();
    const entry = list.find((r: { _id: string }) => r._id === reseller.id);
    expect(entry).toEqual({
      _id: reseller.id,
      username: reseller.username,
      balance: 0,
      products: [{ _id: '64f1a2b3c4d5e6f701234567', title: 'Stellar Launcher' }],
    });
    const unknown = await post(`/api/admin/resellers/${reseller.id}/products`, {
      productId: 'nope',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown product.');
    const member = await createUser(ctx);
    const notReseller = await post(`/api/admin/resellers/${member.id}/products`, {
      productId: '64f1a2b3c4d5e6f701234567',
    });
    expect(notReseller.json()).toEqual({ message: 'This user is not a Reseller.' });
    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/resellers/${reseller.id}/products/64f1a2b3c4d5e6f701234567`,
      headers: admin.auth,
    });
    expect(revoke.statusCode).toBe(200);
    const again = (
      await ctx.app.inject({ url: '/api/admin/resellers-products', headers: admin.auth })
    ).json();
    expect(again.find((r: { _id: string }) => r._id === reseller.id).products).toEqual([]);
  });

  it('credits and debits a balance with a ledger row each; never below zero', async () => {
    const reseller = await createUser(ctx, { role: 'Reseller' });
    expect(
      (
        await post(`/api/admin/resellers/${reseller.id}/balance`, {
          amount: 100.5,
          reason: 'top-up',
        })
      ).json(),
    ).toEqual({ balance: 100.5 });
    expect(
      (
        await post(`/api/admin/resellers/${reseller.id}/balance`, { amount: -0.5, reason: 'fee' })
      ).json(),
    ).toEqual({ balance: 100 });
    const over = await post(`/api/admin/resellers/${reseller.id}/balance`, {
      amount: -100.01,
      reason: 'too much',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('The balance cannot go below zero.');
    const ledger = await ctx.db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, reseller.id));
    expect(ledger.map((l) => l.deltaCents).sort()).toEqual([-50, 10050]);
    expect(ledger.every((l) => l.actorId === admin.user.id)).toBe(true);
    for (const bad of [
      { amount: 0, reason: 'x' },
      { amount: 1.001, reason: 'x' },
      { amount: 5, reason: '' },
      { amount: '5', reason: 'x' },
    ]) {
      expect((await post(`/api/admin/resellers/${reseller.id}/balance`, bad)).statusCode).toBe(400);
    }
  });

  it('global settings round-trip as yes/no with a validated cooldown', async () => {
    const get = async () =>
      (
        await ctx.app.inject({ url: '/api/admin/global-product-settings', headers: admin.auth })
      ).json();
    expect(await get()).toEqual({
      allowHWIDReset: 'no',
      allowSettingsAccess: 'no',
      hwidResetCooldownHours: 24,
      offlineDays: 0,
    });
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/global-product-settings',
        headers: admin.auth,
        payload,
      });
    const ok = await put({
      allowHWIDReset: 'yes',
      allowSettingsAccess: 'no',
      hwidResetCooldownHours: 6,
    });
    expect(ok.json()).toEqual({
      allowHWIDReset: 'yes',
      allowSettingsAccess: 'no',
      hwidResetCooldownHours: 6,
      offlineDays: 0,
    });
    const [row] = await ctx.db.select().from(settings);
    expect(row).toMatchObject({
      allowHwidReset: true,
      allowSettingsAccess: false,
      hwidResetCooldownHours: 6,
    });
    const bad = await put({
      allowHWIDReset: true,
      allowSettingsAccess: 'no',
      hwidResetCooldownHours: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      allowHWIDReset: 'Must be "yes" or "no".',
      hwidResetCooldownHours: 'Must be 0 or more.',
    });
    expect((await put({ allowHWIDReset: 'no' })).statusCode).toBe(400);
    expect(await get()).toEqual({
      allowHWIDReset: 'yes',
      allowSettingsAccess: 'no',
      hwidResetCooldownHours: 6,
      offlineDays: 0,
    });
  });

  it('overview counts from the database', async () => {
    const reseller = await createUser(ctx, { role: 'Reseller' });
    await ctx.db.insert(licenceKeys).values([
      {
        code: 'STLR-TEST1',
        productId: '64f1a2b3c4d5e6f701234567',
        durationDays: 7,
        createdBy: reseller.id,
      },
      {
        code: 'STLR-TEST2',
        productId: '64f1a2b3c4d5e6f701234567',
        durationDays: 7,
        createdBy: reseller.id,
        redeemedAt: new Date(),
      },
    ]);
    await ctx.db
      .insert(balanceLedger)
      .values({ userId: reseller.id, deltaCents: -2500, reason: 'key_purchase' });
    const res = await ctx.app.inject({ url: '/api/admin/overview', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const { days, totals } = res.json();
    expect(days).toHaveLength(30);
    const today = days[days.length - 1];
    expect(today).toMatchObject({ keysGenerated: 2, keysRedeemed: 1, revenue: 25 });
    const [{ n }] = (await rows<{ n: number }>(ctx, sql`select count(*)::int as n from users`)) as [
      { n: number },
    ];
    expect(totals.users).toBe(n);
    expect(totals.revenueLast30d).toBe(25);
  });

  it('the audit log is searchable', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/maintenance/enable',
      headers: admin.auth,
      payload: { page: 'other' },
    });
    const res = await ctx.app.inject({
      url: '/api/admin/audit?search=maintenance',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const { entries, total } = res.json();
    expect(total).toBeGreaterThanOrEqual(1);
    expect(entries[0]).toMatchObject({
      actor: admin.user.username,
      action: 'maintenance.enable',
      targetId: 'other',
    });
    const none = await ctx.app.inject({
      url: '/api/admin/audit?search=zzzz-nothing',
      headers: admin.auth,
    });
    expect(none.json()).toMatchObject({ entries: [], total: 0 });
  });
});
