import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, balanceLedger, events, licences, orders, users } from '../../db/schema';
import { createTestApp, createUser, signedIn, type TestContext } from '../../../test/harness';
import { DAY_MS, insertOrder, paidLicenceOrder } from './orders.fixtures';

const DONE =
  'Order marked refunded. Send the coins back from BTCPay Server: Stellar does not move funds.';

describe('staff orders: list and refund', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'Admin');
  });
  afterAll(() => ctx.close());

  const refund = (
    id: string,
    payload: object = { reason: 'Customer asked' },
    headers = admin.auth as Record<string, string>,
  ) => ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/refund`, headers, payload });
  const licenceOf = async (id: string) =>
    (await ctx.db.select().from(licences).where(eq(licences.id, id)))[0]!;
  const orderOf = async (id: string) =>
    (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('refunds a paid licence order: the licence loses exactly its days; audit and event rows', async () => {
    const member = await createUser(ctx);
    const { licence, order } = await paidLicenceOrder(ctx, member.id, { daysLeft: 40, days: 30 });
    const res = await refund(order.id, { reason: '  Charged twice  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: DONE,
      order: {
        _id: order.id,
        status: 'refunded',
        kind: 'licence',
        buyer: { _id: member.id, username: member.username },
        product: 'Stellar Launcher',
        amount: 25,
        refundReason: 'Charged twice',
        refundedAt: expect.any(String),
      },
    });
    const after = await licenceOf(licence.id);
    expect(after.expiresAt.getTime()).toBe(licence.expiresAt.getTime() - 30 * DAY_MS);
    const row = await orderOf(order.id);
    expect(row).toMatchObject({
      status: 'refunded',
      refundReason: 'Charged twice',
      refundedBy: admin.user.id,
    });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, order.id));
    expect(audit.map((a) => a.action)).toEqual(['order.refund']);
    expect(audit[0]!.actorId).toBe(admin.user.id);
    expect(audit[0]!.details).toMatchObject({
      kind: 'licence',
      amount: 25,
      reason: 'Charged twice',
      licenceId: licence.id,
      days: 30,
      expiresAt: { from: licence.expiresAt.toISOString(), to: after.expiresAt.toISOString() },
    });
    const evs = await ctx.db.select().from(events).where(eq(events.subjectId, order.id));
    expect(evs.map((e) => [e.type, e.userId, e.payload])).toEqual([
      ['order.refunded', member.id, { orderId: order.id, amount: 25 }],
      ['order.updated', member.id, { orderId: order.id, status: 'refunded' }],
    ]);
  });

  it('never takes a licence below now (10 days left, a 30-day order refunded -> expires now)', async () => {
    const member = await createUser(ctx);
    const { licence, order } = await paidLicenceOrder(ctx, member.id, { daysLeft: 10, days: 30 });
    const before = Date.now();
    expect((await refund(order.id)).statusCode).toBe(200);
    const after = await licenceOf(licence.id);
    expect(after.expiresAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(after.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('never lengthens an already expired licence', async () => {
    const member = await createUser(ctx);
    const { licence, order } = await paidLicenceOrder(ctx, member.id, { daysLeft: -5, days: 30 });
    expect((await refund(order.id)).statusCode).toBe(200);
    expect((await licenceOf(licence.id)).expiresAt.getTime()).toBe(licence.expiresAt.getTime());
  });

  it.each(['pending', 'processing', 'expired', 'needs_attention', 'refunded'] as const)(
    'refusing a %s order: 409, nothing changes',
    async (status) => {
      const member = await createUser(ctx);
      const order = await insertOrder(ctx, { userId: member.id, status });
      const res = await refund(order.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Only a paid order can be refunded.' });
      expect((await orderOf(order.id)).status).toBe(status);
      const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, order.id));
      expect(audit).toEqual([]);
    },
  );

  it('unknown order 404; a reason is required (400 errors.reason)', async () => {
    const missing = await refund('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Order not found.' });
    const member = await createUser(ctx);
    const order = await insertOrder(ctx, { userId: member.id });
    for (const payload of [{}, { reason: '   ' }]) {
      const res = await refund(order.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'A reason is required.',
        errors: { reason: 'A reason is required.' },
      });
    }
    expect((await orderOf(order.id)).status).toBe('paid');
  });

  it('parallel refunds of one order: exactly one goes through, the licence loses the days once', async () => {
    const member = await createUser(ctx);
    const { licence, order } = await paidLicenceOrder(ctx, member.id, { daysLeft: 100, days: 30 });
    const results = await Promise.all(Array.from({ length: 6 }, () => refund(order.id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await licenceOf(licence.id)).expiresAt.getTime()).toBe(
      licence.expiresAt.getTime() - 30 * DAY_MS,
    );
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, order.id));
    expect(audit).toHaveLength(1);
    const evs = await ctx.db
      .select()
      .from(events)
      .where(and(eq(events.subjectId, order.id), eq(events.type, 'order.refunded')));
    expect(evs).toHaveLength(1);
  });

  it('refunds a top-up: balance debited with a ledger row; refused (409) when already spent', async () => {
    const reseller = await createUser(ctx, { role: 'Reseller', balanceCents: 6000 });
    const topUp = await insertOrder(ctx, {
      userId: reseller.id,
      kind: 'top_up',
      amountCents: 5000,
    });
    const res = await refund(topUp.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      kind: 'top_up',
      product: null,
      status: 'refunded',
      amount: 50,
    });
    const [after] = await ctx.db.select().from(users).where(eq(users.id, reseller.id));
    expect(after!.balanceCents).toBe(1000);
    const ledger = await ctx.db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, reseller.id));
    expect(ledger.map((l) => [l.deltaCents, l.reason, l.reference, l.actorId])).toEqual([
      [-5000, 'top_up_refund', { orderId: topUp.id }, admin.user.id],
    ]);
    const balanceEvent = await ctx.db
      .select()
      .from(events)
      .where(and(eq(events.userId, reseller.id), eq(events.type, 'reseller.balance.changed')));
    expect(balanceEvent.map((e) => e.payload)).toEqual([
      { balance: 10, delta: -50, reason: 'top_up_refund', orderId: topUp.id },
    ]);

    const spent = await insertOrder(ctx, {
      userId: reseller.id,
      kind: 'top_up',
      amountCents: 2000,
    });
    const refused = await refund(spent.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        "The reseller's balance is lower than this top-up: it has already been spent, so it cannot be taken back.",
    });
    expect((await orderOf(spent.id)).status).toBe('paid');
    const [still] = await ctx.db.select().from(users).where(eq(users.id, reseller.id));
    expect(still!.balanceCents).toBe(1000);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, spent.id));
    expect(audit).toEqual([]);
  });

  it('lists orders: needs_attention first, then newest; buyer username; status filter; pages', async () => {
    const fresh = await createTestApp();
    try {
      const staff = await signedIn(fresh, 'Owner');
      const buyer = await createUser(fresh, { username: 'buyer_list' });
      const t = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m));
      const old = await insertOrder(fresh, { userId: buyer.id, createdAt: t(1) });
      const attention = await insertOrder(fresh, {
        userId: buyer.id,
        status: 'needs_attention',
        attentionReason: 'Paid after the invoice expired.',
        createdAt: t(0),
      });
      const newest = await insertOrder(fresh, {
        userId: buyer.id,
        kind: 'top_up',
        status: 'pending',
        createdAt: t(5),
      });
      const list = async (qs = '') =>
        (await fresh.app.inject({ url: `/api/admin/orders${qs}`, headers: staff.auth })).json();
      const all = await list();
      expect(all.total).toBe(3);
      expect(all.orders.map((o: { _id: string }) => o._id)).toEqual([
        attention.id,
        newest.id,
        old.id,
      ]);
      expect(all.orders[0]).toMatchObject({
        buyer: { _id: buyer.id, username: 'buyer_list' },
        status: 'needs_attention',
        attentionReason: 'Paid after the invoice expired.',
        product: 'Stellar Launcher',
        plan: 'Monthly Plan',
        amount: 25,
        currency: 'USD',
      });
      expect(all.orders[1]).toMatchObject({ kind: 'top_up', product: null, plan: null });
      const paid = await list('?status=paid');
      expect(paid.orders.map((o: { _id: string }) => o._id)).toEqual([old.id]);
      expect(paid.total).toBe(1);
      const page2 = await list('?page=2&pageSize=2');
      expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(page2.orders.map((o: { _id: string }) => o._id)).toEqual([old.id]);
      const bad = await fresh.app.inject({
        url: '/api/admin/orders?status=lost',
        headers: staff.auth,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ status: 'Unknown status.' });
    } finally {
      await fresh.close();
    }
  });

  it('members, support and resellers get 403; anonymous 401; nothing refunded', async () => {
    const member = await createUser(ctx);
    const { order } = await paidLicenceOrder(ctx, member.id, { daysLeft: 40, days: 30 });
    for (const role of ['Member', 'Support', 'Reseller'] as const) {
      const who = await signedIn(ctx, role);
      const list = await ctx.app.inject({ url: '/api/admin/orders', headers: who.auth });
      expect(
        [list.statusCode, (await refund(order.id, undefined, who.auth)).statusCode],
        role,
      ).toEqual([403, 403]);
    }
    const anonList = await ctx.app.inject({ url: '/api/admin/orders' });
    expect([anonList.statusCode, (await refund(order.id, undefined, {})).statusCode]).toEqual([
      401, 401,
    ]);
    expect((await orderOf(order.id)).status).toBe('paid');
  });
});
