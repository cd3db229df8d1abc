import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@stellar/shared';
import { createTestApp, rows, signedIn, type TestContext } from '../../../test/harness';
import {
  balanceOf,
  firstProductId,
  licencesOf,
  paidEvents,
  postTopUp,
} from '../../../test/payments.fixtures';
import { coupons, orders, paymentWebhookDeliveries } from '../../db/schema';
import { btcpaySignature } from './webhook-signature';
import { setTestInvoiceStatus } from './test-processor';
import { BAD_SIGNATURE } from './webhook.routes';

describe('payments off', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers 503 "Payments are not set up." and reports mode off', async () => {
    const member = await signedIn(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: member.auth,
      payload: { productId: await firstProductId(ctx), plan: 'Basic Plan' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MESSAGES.paymentsNotSetUp);
    expect((await ctx.app.inject({ url: '/api/payments/status' })).json()).toEqual({ mode: 'off' });
  });
});

describe('test mode checkout', () => {
  let ctx: TestContext;
  let productId: string;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PAYMENTS_TEST_MODE: 'on' } });
    productId = await firstProductId(ctx);
  });
  afterAll(() => ctx.close());

  const order = async (auth: Record<string, string>, coupon?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: { productId, plan: 'Basic Plan', ...(coupon ? { coupon } : {}) },
    });
  const signed = (body: string, secret = ctx.app.payments.webhookSecret!) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/btcpay/webhook',
      headers: { 'content-type': 'application/json', 'btcpay-sig': btcpaySignature(secret, body) },
      payload: body,
    });
  const webhookBody = (invoiceId: string, type = 'InvoiceSettled', deliveryId = randomUUID()) =>
    JSON.stringify({
      deliveryId,
      webhookId: 'w',
      originalDeliveryId: deliveryId,
      isRedelivery: false,
      type,
      timestamp: 1,
      storeId: 's',
      invoiceId,
      metadata: {},
    });

  it('creates a pending order with a local checkout page carrying the banner', async () => {
    const member = await signedIn(ctx);
    const res = await order(member.auth);
    expect(res.statusCode).toBe(201);
    const { order: o, checkoutUrl } = res.json();
    expect(o).toMatchObject({
      status: 'pending',
      productId,
      plan: 'Basic Plan',
      amount: 7,
      currency: 'USD',
      coupon: null,
    });
    expect(checkoutUrl).toMatch(/^\/api\/payments\/test\/checkout\/test_[0-9a-f]{24}$/);
    const page = await ctx.app.inject({ url: checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test mode: no real payment happens.');
    expect(page.body).toContain('Simulate payment');
    expect(page.body).toContain('Simulate expiry');
    expect((await ctx.app.inject({ url: '/api/payments/status' })).json()).toEqual({
      mode: 'test',
    });
  });

  it('a bad signature is 401 and records nothing; "Simulate payment" delivers the licence once', async () => {
    const member = await signedIn(ctx);
    const { order: o, checkoutUrl } = (await order(member.auth)).json();
    const invoiceId = checkoutUrl.split('/').pop();
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, o._id));
    const before = await ctx.db.select().from(paymentWebhookDeliveries);
    const bad = await signed(webhookBody(invoiceId), 'wrong-secret');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(BAD_SIGNATURE);
    expect(await ctx.db.select().from(paymentWebhookDeliveries)).toHaveLength(before.length);
    expect(row!.status).toBe('pending');

    const pay = await ctx.app.inject({
      method: 'POST',
      url: `${checkoutUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/orders/${o._id}`);
    const got = await ctx.app.inject({ url: `/api/orders/${o._id}`, headers: member.auth });
    expect(got.json()).toMatchObject({ status: 'paid', licenceId: expect.any(String) });
    expect(got.json().paidAt).toEqual(expect.any(String));

    // Ten parallel copies of one delivery plus ten other deliveries: still one extension.
    const body = webhookBody(invoiceId);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => signed(body)),
      ...Array.from({ length: 10 }, () => signed(webhookBody(invoiceId))),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const [licence] = await licencesOf(ctx, member.user.id);
    const days = (licence!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(await paidEvents(ctx, o._id)).toBe(1);
    // Another member cannot see it.
    const other = await signedIn(ctx);
    expect(
      (await ctx.app.inject({ url: `/api/orders/${o._id}`, headers: other.auth })).statusCode,
    ).toBe(404);
    const admin = await signedIn(ctx, 'Admin');
    expect(
      (await ctx.app.inject({ url: `/api/orders/${o._id}`, headers: admin.auth })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ url: '/api/orders', headers: member.auth })).json(),
    ).toHaveLength(1);
  });

  it('"Simulate expiry" expires the order and gives the coupon use back', async () => {
    await ctx.db.insert(coupons).values({ code: 'Half50', percentOff: 50, maxUses: 1 });
    const member = await signedIn(ctx);
    const res = await order(member.auth, 'half50');
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ amount: 3.5, coupon: 'Half50' });
    const second = await order(member.auth, 'HALF50');
    expect(second.statusCode).toBe(400);
    expect(second.json().errors).toEqual({ coupon: MESSAGES.couponUsedUp });
    await ctx.app.inject({
      method: 'POST',
      url: `${res.json().checkoutUrl}/expire`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const got = await ctx.app.inject({
      url: `/api/orders/${res.json().order._id}`,
      headers: member.auth,
    });
    expect(got.json().status).toBe('expired');
    const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.code, 'Half50'));
    expect(coupon!.uses).toBe(0);
  });

  it('coupon errors name the coupon field', async () => {
    await ctx.db.insert(coupons).values([
      { code: 'OFF', percentOff: 10, active: false },
      { code: 'OLD', percentOff: 10, expiresAt: new Date(Date.now() - 1000) },
      {
        code: 'OTHER',
        percentOff: 10,
        productId: (
          await rows<{ id: string }>(
            ctx,
            sql`select id from products order by sort_order desc limit 1`,
          )
        )[0]!.id,
      },
    ]);
    const member = await signedIn(ctx);
    for (const [code, message] of [
      ['nope', MESSAGES.couponUnknown],
      ['off', MESSAGES.couponInactive],
      ['old', MESSAGES.couponExpired],
      ['other', MESSAGES.couponWrongProduct],
    ]) {
      const res = await order(member.auth, code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.couponInvalid, errors: { coupon: message } });
    }
  });

  it('parallel orders never exceed max uses', async () => {
    await ctx.db.insert(coupons).values({ code: 'THREE', amountOffCents: 100, maxUses: 3 });
    const members = await Promise.all(Array.from({ length: 8 }, () => signedIn(ctx)));
    const results = await Promise.all(members.map((m) => order(m.auth, 'three')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.code, 'THREE'));
    expect(coupon!.uses).toBe(3);
  });

  it('a 100 % coupon delivers at once without an invoice', async () => {
    await ctx.db.insert(coupons).values({ code: 'FREE', percentOff: 100 });
    const member = await signedIn(ctx);
    const res = await order(member.auth, 'free');
    expect(res.statusCode).toBe(201);
    expect(res.json().checkoutUrl).toBeNull();
    expect(res.json().order).toMatchObject({
      status: 'paid',
      amount: 0,
      licenceId: expect.any(String),
    });
  });

  it('a reseller top-up is credited exactly once, with its ledger row', async () => {
    const reseller = await signedIn(ctx, 'Reseller');
    const tooSmall = await postTopUp(ctx, reseller.auth, 5);
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().errors.amount).toBe('Amount must be between $10 and $10,000.');
    const member = await signedIn(ctx);
    expect((await postTopUp(ctx, member.auth, 50)).statusCode).toBe(403);
    const res = await postTopUp(ctx, reseller.auth, 50);
    expect(res.statusCode).toBe(201);
    const { topUp, checkoutUrl } = res.json();
    expect(topUp).toMatchObject({ status: 'pending', amount: 50 });
    const invoiceId = checkoutUrl.split('/').pop();
    await ctx.app.inject({
      method: 'POST',
      url: `${checkoutUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await Promise.all(Array.from({ length: 10 }, () => signed(webhookBody(invoiceId))));
    const { balanceCents, ledger } = await balanceOf(ctx, reseller.user.id);
    expect(balanceCents).toBe(5000);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      deltaCents: 5000,
      reason: 'top_up',
      reference: { orderId: topUp._id },
    });
    const me = await ctx.app.inject({ url: '/api/resellers/me', headers: reseller.auth });
    expect(me.json().topUps).toEqual([
      expect.objectContaining({ _id: topUp._id, status: 'paid', amount: 50 }),
    ]);
  });

  it('a missed webhook is caught by the reconciler, which then leaves the order alone', async () => {
    const member = await signedIn(ctx);
    const { order: o, checkoutUrl } = (await order(member.auth)).json();
    await setTestInvoiceStatus(ctx.db, checkoutUrl.split('/').pop(), 'Settled');
    await ctx.db
      .update(orders)
      .set({ reconcileAfter: new Date(Date.now() - 1000) })
      .where(eq(orders.id, o._id));
    const [first, second] = await Promise.all([
      ctx.app.payments.reconcileOnce(),
      ctx.app.payments.reconcileOnce(),
    ]);
    expect(first!.changed + second!.changed).toBe(1);
    const got = await ctx.app.inject({ url: `/api/orders/${o._id}`, headers: member.auth });
    expect(got.json().status).toBe('paid');
  });

  it('__test__ deliveries are acknowledged and ignored', async () => {
    const res = await signed(webhookBody('__test__abc', 'InvoiceSettled'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, outcome: 'ignored' });
  });
});
