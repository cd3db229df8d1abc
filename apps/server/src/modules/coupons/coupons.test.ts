import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, coupons, events } from '../../db/schema';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';

const LAUNCHER = '64f1a2b3c4d5e6f701234567';
const future = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describe('coupons (staff): create, list, enable/disable, edit', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'Admin');
    owner = await signedIn(ctx, 'Owner');
  });
  afterAll(() => ctx.close());

  const create = (payload: object, headers: Record<string, string> = admin.auth) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/coupons', headers, payload });
  const patch = (id: string, payload: object, headers: Record<string, string> = admin.auth) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/admin/coupons/${id}`, headers, payload });
  const list = async () =>
    (await ctx.app.inject({ url: '/api/admin/coupons', headers: admin.auth })).json().coupons as {
      _id: string;
      code: string;
    }[];

  it('creates a percent coupon for a product: 201 { coupon }, audited, event, listed', async () => {
    const expiresAt = future();
    const res = await create({
      code: 'Launch20',
      percentOff: 20,
      productId: LAUNCHER,
      maxUses: 5,
      expiresAt,
    });
    expect(res.statusCode).toBe(201);
    const { coupon } = res.json();
    expect(coupon).toEqual({
      _id: expect.any(String),
      code: 'Launch20',
      percentOff: 20,
      productId: LAUNCHER,
      product: 'Stellar Launcher',
      maxUses: 5,
      uses: 0,
      expiresAt: new Date(expiresAt).toISOString(),
      active: true,
      createdAt: expect.any(String),
    });
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon._id));
    expect(row).toMatchObject({ code: 'Launch20', percentOff: 20, amountOffCents: null });
    expect(row!.createdBy).toBe(admin.user.id);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, coupon._id), eq(auditLog.action, 'coupon.create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.user.id);
    expect(audit[0]!.details).toMatchObject({ code: 'Launch20', percentOff: 20, maxUses: 5 });
    const evs = await ctx.db.select().from(events).where(eq(events.subjectId, coupon._id));
    expect(evs.map((e) => [e.type, e.payload])).toEqual([
      ['coupon.changed', { couponId: coupon._id, change: 'created' }],
    ]);
    expect((await list()).map((c) => c.code)).toContain('Launch20');
  });

  it('creates a fixed-amount coupon for any product, unlimited, no expiry (amounts in dollars)', async () => {
    const res = await create({ code: 'FIVE-OFF', amountOff: 5.5 }, owner.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json().coupon).toMatchObject({
      code: 'FIVE-OFF',
      amountOff: 5.5,
      productId: null,
      product: null,
      maxUses: null,
      expiresAt: null,
      active: true,
    });
    expect(res.json().coupon).not.toHaveProperty('percentOff');
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.code, 'FIVE-OFF'));
    expect(row!.amountOffCents).toBe(550);
  });

  it('a code that differs only in case is a duplicate: 400 errors.code, nothing stored', async () => {
    expect((await create({ code: 'Summer', percentOff: 10 })).statusCode).toBe(201);
    const dup = await create({ code: 'SUMMER', amountOff: 3 });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({
      message: 'A coupon with this code already exists.',
      errors: { code: 'A coupon with this code already exists.' },
    });
    expect((await list()).filter((c) => c.code.toLowerCase() === 'summer')).toHaveLength(1);
  });

  it('two parallel creates of one code (different case): exactly one coupon', async () => {
    const results = await Promise.all(
      ['race-code', 'RACE-CODE', 'Race-Code', 'race-CODE'].map((code) =>
        create({ code, percentOff: 15 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    expect((await list()).filter((c) => c.code.toLowerCase() === 'race-code')).toHaveLength(1);
  });

  it.each([
    [
      { code: 'BOTH', percentOff: 10, amountOff: 2 },
      'amountOff',
      'Give either a percentage or an amount off, not both.',
    ],
    [{ code: 'NONE' }, 'percentOff', 'Give a percentage or an amount off.'],
    [{ code: 'P0', percentOff: 0 }, 'code', 'Code must be at least 3 characters.'],
    [
      { code: 'ZERO', percentOff: 0 },
      'percentOff',
      'Percent off must be a whole number from 1 to 100.',
    ],
    [
      { code: 'HUNDRED1', percentOff: 101 },
      'percentOff',
      'Percent off must be a whole number from 1 to 100.',
    ],
    [
      { code: 'HALF', percentOff: 12.5 },
      'percentOff',
      'Percent off must be a whole number from 1 to 100.',
    ],
    [{ code: 'NEG', amountOff: -1 }, 'amountOff', 'Amount off must be more than 0.'],
    [{ code: 'CENTS', amountOff: 1.234 }, 'amountOff', 'Amount off may have at most 2 decimals.'],
    [
      { code: 'has space', percentOff: 5 },
      'code',
      'Code may only contain letters, digits, - and _.',
    ],
    [{ code: 'MAX0', percentOff: 5, maxUses: 0 }, 'maxUses', 'Max uses must be at least 1.'],
    [
      { code: 'DATE', percentOff: 5, expiresAt: 'tomorrow' },
      'expiresAt',
      'Expiry must be a date and time.',
    ],
    [
      { code: 'PAST', percentOff: 5, expiresAt: '2020-01-01T00:00:00Z' },
      'expiresAt',
      'Expiry must be in the future.',
    ],
    [{ code: 'NOPROD', percentOff: 5, productId: 'nope' }, 'productId', 'Unknown product.'],
  ])('refuses %o: 400 errors.%s', async (payload, field, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.code, payload.code));
    expect(row).toBeUndefined();
  });

  it('disables and enables: active flips, audited as coupon.disable / coupon.enable', async () => {
    const { coupon } = (await create({ code: 'TOGGLE', percentOff: 10 })).json();
    const off = await patch(coupon._id, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().coupon).toMatchObject({ _id: coupon._id, active: false });
    const on = await patch(coupon._id, { active: true });
    expect(on.json().coupon.active).toBe(true);
    const actions = await ctx.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.targetId, coupon._id))
      .orderBy(auditLog.createdAt);
    expect(actions.map((a) => a.action)).toEqual([
      'coupon.create',
      'coupon.disable',
      'coupon.enable',
    ]);
    expect(actions[1]!.details).toEqual({ code: 'TOGGLE', active: { from: true, to: false } });
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon._id));
    expect(row!.active).toBe(true);
  });

  it('edits max uses and expiry; max uses never below the uses so far', async () => {
    const { coupon } = (await create({ code: 'EDITME', percentOff: 10, maxUses: 10 })).json();
    await ctx.db.update(coupons).set({ uses: 3 }).where(eq(coupons.id, coupon._id));
    const expiresAt = future();
    const ok = await patch(coupon._id, { maxUses: 3, expiresAt });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().coupon).toMatchObject({ maxUses: 3, uses: 3, expiresAt });
    const below = await patch(coupon._id, { maxUses: 2 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({
      message: 'Max uses cannot be below the uses so far.',
      errors: { maxUses: 'Max uses cannot be below the uses so far.' },
    });
    const unlimited = await patch(coupon._id, { maxUses: null, expiresAt: null });
    expect(unlimited.json().coupon).toMatchObject({ maxUses: null, expiresAt: null });
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon._id));
    expect(row).toMatchObject({ maxUses: null, expiresAt: null, uses: 3 });
  });

  it('PATCH: unknown coupon 404, empty body 400, unknown field 400', async () => {
    const missing = await patch('00000000-0000-4000-8000-000000000000', { active: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Coupon not found.' });
    const { coupon } = (await create({ code: 'EMPTYPATCH', percentOff: 10 })).json();
    const empty = await patch(coupon._id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Nothing to change.' });
    const uses = await patch(coupon._id, { uses: 0 });
    expect(uses.statusCode).toBe(400);
  });

  it('members, support and resellers get 403; anonymous 401; nothing created or changed', async () => {
    const { coupon } = (await create({ code: 'GUARDED', percentOff: 10 })).json();
    for (const role of ['Member', 'Support', 'Reseller'] as const) {
      const who = await signedIn(ctx, role);
      const calls = [
        await ctx.app.inject({ url: '/api/admin/coupons', headers: who.auth }),
        await create({ code: `BY${role}`, percentOff: 50 }, who.auth),
        await patch(coupon._id, { active: false }, who.auth),
      ];
      expect(
        calls.map((c) => c.statusCode),
        role,
      ).toEqual([403, 403, 403]);
      expect(calls[0]!.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
    const anon = [
      await ctx.app.inject({ url: '/api/admin/coupons' }),
      await create({ code: 'BYNOBODY', percentOff: 50 }, {}),
      await patch(coupon._id, { active: false }, {}),
    ];
    expect(anon.map((c) => c.statusCode)).toEqual([401, 401, 401]);
    const codes = (await list()).map((c) => c.code);
    expect(codes.filter((c) => c.startsWith('BY'))).toEqual([]);
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon._id));
    expect(row!.active).toBe(true);
  });
});
