import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, rows, signedIn, type TestContext } from '../../../test/harness';
import { startReceiver, type Receiver } from '../../../test/receiver';
import { ATTENTION } from '../payments/apply-invoice';
import { btcpaySignature } from '../payments/webhook-signature';
import { createEndpoint } from './webhooks.fixtures';

/**
 * Order events come from real checkouts (the payments test processor) and a staff refund, not from
 * recordEvent: what payments and orders-admin write must reach the endpoints subscribed to it.
 */
let ctx: TestContext;
let receiver: Receiver;
beforeAll(async () => {
  [ctx, receiver] = await Promise.all([
    createTestApp({ env: { PAYMENTS_TEST_MODE: 'on', WEBHOOK_TIMEOUT_MS: '500' } }),
    startReceiver(),
  ]);
});
afterAll(async () => {
  await ctx.close();
  await receiver.stop();
});

const productId = async () =>
  (await rows<{ id: string }>(ctx, sql`select id from products order by sort_order limit 1`))[0]!
    .id;
const checkout = async (auth: Record<string, string>) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth,
    payload: { productId: await productId(), plan: 'Basic Plan' },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { order: { _id: string }; checkoutUrl: string };
};
const simulate = (checkoutUrl: string, action: 'pay') =>
  ctx.app.inject({
    method: 'POST',
    url: `${checkoutUrl}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
const bodies = async (name: string) =>
  (await receiver.requests(name)).map(
    (r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> },
  );

describe('order events reach webhook endpoints', () => {
  it('order.paid from a paid checkout, signed, then order.refunded from a staff refund', async () => {
    const staff = await signedIn(ctx, 'Admin');
    const { secret } = await createEndpoint(ctx, staff.auth, {
      url: receiver.url('orders'),
      events: ['order.paid', 'order.refunded'],
    });
    const member = await signedIn(ctx);
    const { order, checkoutUrl } = await checkout(member.auth);
    expect((await simulate(checkoutUrl, 'pay')).statusCode).toBe(303);

    await expect.poll(async () => (await bodies('orders')).length, { timeout: 15_000 }).toBe(1);
    const [req] = await receiver.requests('orders');
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(req!.headers['stellar-signature']!)!;
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${req!.body}`).digest('hex'));
    const [paid] = await bodies('orders');
    const [event] = await rows<{ id: string }>(
      ctx,
      sql`select id from events where type = 'order.paid' and subject_id = ${order._id}`,
    );
    const [licence] = await rows<{ id: string }>(
      ctx,
      sql`select licence_id as id from orders where id = ${order._id}`,
    );
    expect(paid).toMatchObject({
      id: event!.id,
      type: 'order.paid',
      data: {
        orderId: order._id,
        plan: 'Basic Plan',
        amount: 7,
        currency: 'USD',
        licenceId: licence!.id,
      },
    });

    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order._id}/refund`,
      headers: staff.auth,
      payload: { reason: 'Customer asked' },
    });
    expect(refund.statusCode).toBe(200);
    await expect.poll(async () => (await bodies('orders')).length, { timeout: 15_000 }).toBe(2);
    expect((await bodies('orders'))[1]).toMatchObject({
      type: 'order.refunded',
      data: { orderId: order._id, amount: 7 },
    });
  });

  it('order.needs_attention when the processor marks the invoice invalid; other endpoints get nothing', async () => {
    const staff = await signedIn(ctx, 'Admin');
    await createEndpoint(ctx, staff.auth, {
      url: receiver.url('attention'),
      events: ['order.needs_attention'],
    });
    await createEndpoint(ctx, staff.auth, {
      url: receiver.url('tickets-only'),
      events: ['ticket.created'],
    });
    const member = await signedIn(ctx);
    const { order, checkoutUrl } = await checkout(member.auth);
    const invoiceId = checkoutUrl.split('/').pop()!;
    // The test processor reports what the order row says: the invoice turns Invalid, then its webhook.
    await ctx.db.execute(sql`update orders set invoice_status = 'Invalid' where id = ${order._id}`);
    const deliveryId = randomUUID();
    const body = JSON.stringify({
      deliveryId,
      webhookId: 'test-mode',
      originalDeliveryId: deliveryId,
      isRedelivery: false,
      type: 'InvoiceInvalid',
      timestamp: Math.floor(Date.now() / 1000),
      storeId: 'test-mode',
      invoiceId,
      metadata: { orderId: order._id },
    });
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/btcpay/webhook',
      headers: {
        'content-type': 'application/json',
        'btcpay-sig': btcpaySignature(ctx.app.payments.webhookSecret!, body),
      },
      payload: body,
    });
    expect(hook.statusCode).toBe(200);
    await expect.poll(async () => (await bodies('attention')).length, { timeout: 15_000 }).toBe(1);
    expect((await bodies('attention'))[0]).toMatchObject({
      type: 'order.needs_attention',
      data: { orderId: order._id, status: 'needs_attention', reason: ATTENTION.invalid },
    });
    expect(await receiver.requests('tickets-only')).toEqual([]);
  });
});
