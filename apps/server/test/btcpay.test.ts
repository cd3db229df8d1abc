import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@stellar/shared';
import { createTestApp, signedIn, type TestContext } from './harness';
import { startFakeBtcpay, type FakeBtcpay } from './btcpay';
import {
  balanceOf,
  firstProductId,
  licenceCount as licenceCountOf,
  licencesOf,
  orderRow as orderRowOf,
  paidEvents as paidEventsOf,
  postTopUp,
} from './payments.fixtures';
import { ConfigError, loadConfig } from '../src/config';
import { orders, paymentWebhookDeliveries } from '../src/db/schema';
import { ATTENTION } from '../src/modules/payments';
import { btcpaySignature } from '../src/modules/payments/webhook-signature';
import { BAD_SIGNATURE } from '../src/modules/payments/webhook.routes';

/** Checkout through BTCPay mode, against the fake BTCPay Server process (test/btcpay). */
describe('BTCPay checkout against the fake BTCPay Server', () => {
  let fake: FakeBtcpay;
  let ctx: TestContext;
  let productId: string;
  let webhookUrl: string;
  const secret = randomBytes(16).toString('hex');

  beforeAll(async () => {
    fake = await startFakeBtcpay();
    ctx = await createTestApp({ env: { ...fake.env(secret), PUBLIC_URL: 'https://shop.example' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    webhookUrl = `http://127.0.0.1:${port}/api/payments/btcpay/webhook`;
    productId = await firstProductId(ctx);
  });
  beforeEach(async () => {
    await fake.settings({
      webhookUrl,
      webhookSecret: secret,
      retryDelaysMs: [50, 200, 500],
      greenfield: 'up',
    });
  });
  afterAll(async () => {
    await fake?.idle();
    await ctx?.close();
    await fake?.stop();
  });

  const buy = async (auth: Record<string, string>) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: { productId, plan: 'Basic Plan' },
    });
    expect(res.statusCode).toBe(201);
    const { order, checkoutUrl } = res.json();
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    await fake.idle(); // InvoiceCreated has been delivered
    return { orderId: order._id as string, invoiceId: row!.invoiceId!, checkoutUrl };
  };
  const orderRow = (id: string) => orderRowOf(ctx, id);
  const licenceCount = (userId: string) => licenceCountOf(ctx, userId);
  const paidEvents = (orderId: string) => paidEventsOf(ctx, orderId);
  const settle = async (invoiceId: string) => {
    await fake.setState(invoiceId, { status: 'Settled' });
    return fake.webhook(invoiceId, 'InvoiceSettled');
  };

  it('creates the invoice as Greenfield expects; Settled delivers the licence once; a redelivery changes nothing', async () => {
    const member = await signedIn(ctx);
    const { orderId, invoiceId, checkoutUrl } = await buy(member.auth);
    const invoice = await fake.invoice(invoiceId);
    expect(invoice).toMatchObject({
      status: 'New',
      amount: '7.00',
      currency: 'USD',
      metadata: { orderId },
      checkout: { redirectURL: `https://shop.example/orders/${orderId}`, expirationMinutes: 30 },
    });
    expect(checkoutUrl).toBe(invoice.checkoutLink);
    expect(invoice.expirationTime - invoice.createdTime).toBe(1800);
    const created = (await fake.deliveries()).filter((d) => d.invoiceId === invoiceId);
    expect(created).toMatchObject([{ type: 'InvoiceCreated', status: 200 }]);
    expect((await orderRow(orderId)).status).toBe('pending');
    const pending = await ctx.app.inject({ url: `/api/orders/${orderId}`, headers: member.auth });
    expect(pending.json()).toMatchObject({ status: 'pending', checkoutUrl: invoice.checkoutLink });
    const listed = await ctx.app.inject({ url: '/api/orders', headers: member.auth });
    expect(listed.json()).toEqual([
      expect.objectContaining({ _id: orderId, checkoutUrl: invoice.checkoutLink }),
    ]);

    const [first] = await settle(invoiceId);
    expect(first).toMatchObject({ status: 200, isRedelivery: false });
    const paid = await orderRow(orderId);
    expect(paid).toMatchObject({ status: 'paid', invoiceStatus: 'Settled', deliveredDays: 7 });
    expect(await licenceCount(member.user.id)).toBe(1);
    const [licence] = await licencesOf(ctx, member.user.id);
    const expiresAt = licence!.expiresAt.getTime();

    const again = await fake.webhook(invoiceId, 'InvoiceSettled', {
      originalDeliveryId: first!.deliveryId,
    });
    expect(again).toMatchObject([
      { status: 200, isRedelivery: true, originalDeliveryId: first!.deliveryId },
    ]);
    expect(again[0]!.deliveryId).not.toBe(first!.deliveryId);
    expect(await licenceCount(member.user.id)).toBe(1);
    const [after] = await licencesOf(ctx, member.user.id);
    expect(after!.expiresAt.getTime()).toBe(expiresAt);
    expect(await paidEvents(orderId)).toBe(1);
    const api = await ctx.app.inject({ url: `/api/orders/${orderId}`, headers: member.auth });
    expect(api.json()).toMatchObject({ status: 'paid', licenceId: licence!.id });
    expect(api.json()).not.toHaveProperty('checkoutUrl');
  });

  it('20 identical Settled webhooks at once deliver exactly once (licence and top-up)', async () => {
    const member = await signedIn(ctx);
    const { orderId, invoiceId } = await buy(member.auth);
    await fake.setState(invoiceId, { status: 'Settled' });
    const sent = await fake.webhook(invoiceId, 'InvoiceSettled', { copies: 20 });
    expect(sent.map((d) => d.status)).toEqual(Array(20).fill(200));
    expect(new Set(sent.map((d) => d.deliveryId)).size).toBe(1);
    expect(await licenceCount(member.user.id)).toBe(1);
    expect(await paidEvents(orderId)).toBe(1);
    const recorded = await ctx.db
      .select()
      .from(paymentWebhookDeliveries)
      .where(eq(paymentWebhookDeliveries.deliveryId, sent[0]!.deliveryId));
    expect(recorded).toHaveLength(1);

    const reseller = await signedIn(ctx, 'Reseller');
    const res = await postTopUp(ctx, reseller.auth, 50);
    expect(res.statusCode).toBe(201);
    const [topUp] = await ctx.db.select().from(orders).where(eq(orders.id, res.json().topUp._id));
    await fake.idle();
    expect((await fake.invoice(topUp!.invoiceId!)).amount).toBe('50.00');
    const open = await ctx.app.inject({ url: '/api/resellers/me', headers: reseller.auth });
    expect(open.json().topUps[0]).toMatchObject({
      status: 'pending',
      checkoutUrl: (await fake.invoice(topUp!.invoiceId!)).checkoutLink,
    });
    await fake.setState(topUp!.invoiceId!, { status: 'Settled' });
    await Promise.all([
      fake.webhook(topUp!.invoiceId!, 'InvoiceSettled', { copies: 10 }),
      fake.webhook(topUp!.invoiceId!, 'InvoiceSettled', { copies: 10 }),
    ]);
    const { balanceCents, ledger } = await balanceOf(ctx, reseller.user.id);
    expect(balanceCents).toBe(5000);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.deltaCents).toBe(5000);
    const me = await ctx.app.inject({ url: '/api/resellers/me', headers: reseller.auth });
    expect(me.json().topUps).toEqual([expect.objectContaining({ _id: topUp!.id, status: 'paid' })]);
    expect(me.json().topUps[0]).not.toHaveProperty('checkoutUrl');
  });

  it('Processing shows; out-of-order events keep the invoice-true final state', async () => {
    const member = await signedIn(ctx);
    const a = await buy(member.auth);
    await fake.setState(a.invoiceId, { status: 'Processing' });
    await fake.webhook(a.invoiceId, 'InvoiceReceivedPayment');
    await fake.webhook(a.invoiceId, 'InvoiceProcessing');
    expect((await orderRow(a.orderId)).status).toBe('processing');
    const shown = await ctx.app.inject({ url: `/api/orders/${a.orderId}`, headers: member.auth });
    expect(shown.json().status).toBe('processing');
    await settle(a.invoiceId);
    expect((await orderRow(a.orderId)).status).toBe('paid');

    // Settled arrives before Processing, and Expired after Settled: the re-read invoice says Settled.
    const b = await buy(member.auth);
    await settle(b.invoiceId);
    await fake.webhook(b.invoiceId, 'InvoiceProcessing');
    await fake.webhook(b.invoiceId, 'InvoiceExpired');
    expect(await orderRow(b.orderId)).toMatchObject({ status: 'paid', invoiceStatus: 'Settled' });
    // Even if BTCPay later reported the invoice expired, a paid order stays paid.
    await fake.setState(b.invoiceId, { status: 'Expired' });
    await fake.webhook(b.invoiceId, 'InvoiceExpired');
    expect((await orderRow(b.orderId)).status).toBe('paid');
    expect(await licenceCount(member.user.id)).toBe(1);
    expect(await paidEvents(a.orderId)).toBe(1);
    expect(await paidEvents(b.orderId)).toBe(1);
  });

  it('Expired, Invalid, partly paid and paid late end as per DESIGN 10, never delivered', async () => {
    const member = await signedIn(ctx);
    const cases: [
      string,
      Record<string, unknown>,
      string,
      Record<string, unknown>,
      string,
      string | null,
    ][] = [
      ['expired', { status: 'Expired' }, 'InvoiceExpired', {}, 'expired', null],
      [
        'invalid',
        { status: 'Invalid', additionalStatus: 'Marked' },
        'InvoiceInvalid',
        { manuallyMarked: true },
        'needs_attention',
        ATTENTION.invalid,
      ],
      [
        'partial',
        { status: 'Expired', additionalStatus: 'PaidPartial' },
        'InvoiceExpired',
        { partiallyPaid: true },
        'needs_attention',
        ATTENTION.partial,
      ],
    ];
    for (const [, state, type, extra, status, reason] of cases) {
      const o = await buy(member.auth);
      await fake.setState(o.invoiceId, state);
      const [d] = await fake.webhook(o.invoiceId, type, { extra });
      expect(d!.status).toBe(200);
      expect(await orderRow(o.orderId)).toMatchObject({ status, attentionReason: reason });
    }
    // Staff marking the partly paid invoice settled in BTCPay does not deliver: a person decides.
    const marked = (
      await ctx.db.select().from(orders).where(eq(orders.attentionReason, ATTENTION.partial))
    )[0]!;
    await fake.setState(marked.invoiceId!, { status: 'Settled', additionalStatus: 'Marked' });
    await fake.webhook(marked.invoiceId!, 'InvoiceSettled', { extra: { manuallyMarked: true } });
    expect((await orderRow(marked.id)).status).toBe('needs_attention');
    // Paid after expiry: the order had expired; the late payment lands it in needs_attention.
    const late = await buy(member.auth);
    await fake.setState(late.invoiceId, { status: 'Expired' });
    await fake.webhook(late.invoiceId, 'InvoiceExpired');
    expect((await orderRow(late.orderId)).status).toBe('expired');
    await fake.setState(late.invoiceId, { status: 'Expired', additionalStatus: 'PaidLate' });
    await fake.webhook(late.invoiceId, 'InvoiceReceivedPayment', {
      extra: { afterExpiration: true },
    });
    expect(await orderRow(late.orderId)).toMatchObject({
      status: 'needs_attention',
      attentionReason: ATTENTION.late,
    });
    // ... and confirming later (Settled, PaidLate) still does not deliver.
    await fake.setState(late.invoiceId, { status: 'Settled', additionalStatus: 'PaidLate' });
    await fake.webhook(late.invoiceId, 'InvoiceSettled');
    expect((await orderRow(late.orderId)).status).toBe('needs_attention');
    expect(await licenceCount(member.user.id)).toBe(0);
  });

  it('an amount, currency or order-id mismatch on the invoice is never delivered', async () => {
    const member = await signedIn(ctx);
    const other = await buy(member.auth);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '1.00' }, 'Amount mismatch: the invoice is for 1.00 USD, the order for 7.00 USD.'],
      [{ currency: 'EUR' }, 'Currency mismatch: the invoice is in EUR, the order in USD.'],
      [{ metadata: { orderId: other.orderId } }, ATTENTION.otherOrder],
    ];
    for (const [change, reason] of cases) {
      const o = await buy(member.auth);
      await fake.setState(o.invoiceId, { status: 'Settled', ...change });
      await fake.webhook(o.invoiceId, 'InvoiceSettled');
      expect(await orderRow(o.orderId)).toMatchObject({
        status: 'needs_attention',
        attentionReason: reason,
        licenceId: null,
      });
      expect(await paidEvents(o.orderId)).toBe(0);
    }
    expect(await licenceCount(member.user.id)).toBe(0);
  });

  it('a wrong or missing BTCPay-Sig is 401 and changes nothing, on every retry', async () => {
    const member = await signedIn(ctx);
    const o = await buy(member.auth);
    const before = (await ctx.db.select().from(paymentWebhookDeliveries)).length;
    await fake.settings({ webhookSecret: 'not-the-secret' });
    await fake.setState(o.invoiceId, { status: 'Settled' });
    const sent = await fake.webhook(o.invoiceId, 'InvoiceSettled');
    expect(sent.map((d) => d.status)).toEqual([401, 401, 401, 401]);
    expect(sent.slice(1).every((d) => d.isRedelivery)).toBe(true);
    const body = JSON.stringify({
      deliveryId: 'x',
      type: 'InvoiceSettled',
      invoiceId: o.invoiceId,
    });
    const variants: Record<string, string>[] = [
      {},
      { 'btcpay-sig': 'sha256=00' },
      { 'btcpay-sig': btcpaySignature('nope', body) },
    ];
    for (const headers of variants) {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: BAD_SIGNATURE });
    }
    expect((await ctx.db.select().from(paymentWebhookDeliveries)).length).toBe(before);
    expect((await orderRow(o.orderId)).status).toBe('pending');
    expect(await licenceCount(member.user.id)).toBe(0);
  });

  it.each(['503', 'close'] as const)(
    'BTCPay unreachable (%s) while re-reading the invoice: 502 { message }, and the redelivery delivers',
    async (mode) => {
      const member = await signedIn(ctx);
      const o = await buy(member.auth);
      await fake.setState(o.invoiceId, { status: 'Settled' });
      await fake.settings({ greenfield: mode });
      const body = JSON.stringify({
        deliveryId: `probe-${mode}`,
        type: 'InvoiceSettled',
        invoiceId: o.invoiceId,
      });
      const probe = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'btcpay-sig': btcpaySignature(secret, body),
        },
        body,
      });
      expect(probe.status).toBe(502);
      expect(await probe.json()).toEqual({ message: MESSAGES.paymentProcessorUnavailable });

      await fake.settings({ retryDelaysMs: [400] });
      await fake.webhookNoWait(o.invoiceId, 'InvoiceSettled');
      const deadline = Date.now() + 5000;
      while (
        !(await fake.deliveries()).some((d) => d.invoiceId === o.invoiceId && d.status === 502)
      ) {
        if (Date.now() > deadline) throw new Error('no 502 seen');
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await orderRow(o.orderId)).status).toBe('pending');
      await fake.settings({ greenfield: 'up' });
      await fake.idle();
      const sent = (await fake.deliveries()).filter(
        (d) => d.invoiceId === o.invoiceId && d.type === 'InvoiceSettled',
      );
      expect(sent.map((d) => [d.status, d.isRedelivery])).toEqual([
        [502, false],
        [200, true],
      ]);
      expect(sent[1]!.originalDeliveryId).toBe(sent[0]!.deliveryId);
      expect((await orderRow(o.orderId)).status).toBe('paid');
      expect(await licenceCount(member.user.id)).toBe(1);
    },
  );
});

describe('BTCPay configuration', () => {
  const full = {
    BTCPAY_URL: 'https://btcpay.example',
    BTCPAY_STORE_ID: 'store',
    BTCPAY_API_KEY: 'key',
    BTCPAY_WEBHOOK_SECRET: 'secret',
  };
  it.each([
    [{ BTCPAY_URL: full.BTCPAY_URL }, 'BTCPAY_STORE_ID, BTCPAY_API_KEY, BTCPAY_WEBHOOK_SECRET'],
    [{ ...full, BTCPAY_API_KEY: '' }, 'BTCPAY_API_KEY'],
    [{ ...full, BTCPAY_WEBHOOK_SECRET: undefined }, 'BTCPAY_WEBHOOK_SECRET'],
  ])('a partial set (%j) stops the server with one line naming what is missing', (env, missing) => {
    const run = () => loadConfig(env as Record<string, string>);
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(
      `Invalid configuration: BTCPay needs BTCPAY_URL, BTCPAY_STORE_ID, BTCPAY_API_KEY and BTCPAY_WEBHOOK_SECRET together; missing ${missing}`,
    );
  });
  it('the server process refuses to start on a partial set: exit 1, one line on stderr', () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      BTCPAY_URL: full.BTCPAY_URL,
      BTCPAY_STORE_ID: 'store',
    };
    for (const name of ['BTCPAY_API_KEY', 'BTCPAY_WEBHOOK_SECRET', 'DATABASE_URL'])
      delete env[name];
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...env, PORT: '0', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Invalid configuration: BTCPay needs BTCPAY_URL, BTCPAY_STORE_ID, BTCPAY_API_KEY and BTCPAY_WEBHOOK_SECRET together; missing BTCPAY_API_KEY, BTCPAY_WEBHOOK_SECRET',
    );
    expect(run.stdout).toBe('');
  }, 40_000);

  it('all four configure BTCPay; with PAYMENTS_TEST_MODE=on they are refused', () => {
    expect(loadConfig(full).BTCPAY_URL).toBe(full.BTCPAY_URL);
    expect(() => loadConfig({ ...full, PAYMENTS_TEST_MODE: 'on' })).toThrow(
      'Invalid configuration: PAYMENTS_TEST_MODE=on cannot be combined with BTCPAY_*',
    );
  });
});
