import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { centsToDollars, formatDollars, MESSAGES } from '@stellar/shared';
import { orders, products } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { setTestInvoiceStatus } from './test-processor';
import { btcpaySignature } from './webhook-signature';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Stellar test checkout</title>
<style>
body{margin:0;background:#0b0d14;color:#e8eaf2;font:16px/1.5 system-ui,sans-serif}
main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#151927;border:1px solid #2a3047;border-radius:12px}
.banner{background:#fbbf24;color:#1a1300;font-weight:700;padding:.75rem 1rem;text-align:center}
h1{font-size:1.4rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{color:#a9b0c7}dd{margin:0}form{display:inline}.actions{display:flex;gap:.75rem;margin-top:1.5rem;flex-wrap:wrap}
button{font:inherit;padding:.6rem 1.1rem;border-radius:8px;border:0;cursor:pointer}
.pay{background:#22c55e;color:#04140a}.expire{background:#323a55;color:#e8eaf2}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}a{color:#93c5fd}
</style></head>
<body><div class="banner" role="status">${escape(MESSAGES.paymentsTestBanner)}</div><main>${body}</main></body></html>`;

/**
 * PAYMENTS_TEST_MODE=on: the test processor's checkout page, one per invoice, and its two buttons.
 * A button changes the test invoice, then sends the signed webhook to the server's own webhook
 * path, so the order moves exactly as a BTCPay payment would move it.
 */
const testCheckoutRoutes: FastifyPluginAsync = async (app) => {
  // HTML forms post urlencoded; the buttons carry no data.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
    done(null, {}),
  );

  const load = async (invoiceId: string) => {
    const [row] = await app.db
      .select({ order: orders, title: products.title })
      .from(orders)
      .leftJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.processor, 'test'), eq(orders.invoiceId, invoiceId)));
    if (!row) throw notFound('Invoice not found.');
    return row;
  };
  const returnPath = (order: typeof orders.$inferSelect) =>
    order.kind === 'licence' ? `/orders/${order.id}` : '/resell-panel';

  app.get<{ Params: { invoiceId: string } }>(
    '/payments/test/checkout/:invoiceId',
    // An HTML page for the buyer's browser: the page headers, not the API's.
    { config: { securityHeaders: 'document' }, schema: { hide: true } },
    async (request, reply) => {
      const { order, title } = await load(request.params.invoiceId);
      const what =
        order.kind === 'licence' ? `${title ?? order.productId} · ${order.plan}` : 'Balance top-up';
      const open = order.invoiceStatus === 'New' || order.invoiceStatus === 'Processing';
      const base = `/api/payments/test/checkout/${encodeURIComponent(request.params.invoiceId)}`;
      const body = `<h1>Test checkout</h1>
<dl><dt>For</dt><dd>${escape(what)}</dd>
<dt>Amount</dt><dd>${escape(formatDollars(centsToDollars(order.amountCents)))} ${escape(order.currency)}</dd>
<dt>Invoice</dt><dd>${escape(order.invoiceStatus ?? 'New')}</dd></dl>
${
  open
    ? `<div class="actions"><form method="post" action="${base}/pay"><button class="pay" type="submit">Simulate payment</button></form>
<form method="post" action="${base}/expire"><button class="expire" type="submit">Simulate expiry</button></form></div>`
    : `<p>This invoice is closed. <a href="${returnPath(order)}">Back to Stellar</a></p>`
}`;
      return reply.type('text/html; charset=utf-8').send(page('Test checkout', body));
    },
  );

  const simulate =
    (status: 'Settled' | 'Expired', type: string) =>
    async (request: FastifyRequest<{ Params: { invoiceId: string } }>, reply: FastifyReply) => {
      const { invoiceId } = request.params;
      const { order } = await load(invoiceId);
      const changed = await setTestInvoiceStatus(app.db, invoiceId, status);
      if (!changed) return reply.redirect(`/api/payments/test/checkout/${invoiceId}`, 303);
      const deliveryId = randomUUID();
      const body = JSON.stringify({
        deliveryId,
        webhookId: 'test-mode',
        originalDeliveryId: deliveryId,
        isRedelivery: false,
        type,
        timestamp: Math.floor(Date.now() / 1000),
        storeId: 'test-mode',
        invoiceId,
        metadata: { orderId: order.id },
        ...(type === 'InvoiceExpired' ? { partiallyPaid: false } : { manuallyMarked: false }),
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/btcpay/webhook',
        headers: {
          'content-type': 'application/json',
          'btcpay-sig': btcpaySignature(app.payments.webhookSecret!, body),
        },
        payload: body,
      });
      if (res.statusCode !== 200) {
        app.log.warn(
          { status: res.statusCode },
          'test-mode webhook refused; the reconciler will apply it',
        );
      }
      return reply.redirect(returnPath(order), 303);
    };

  app.post<{ Params: { invoiceId: string } }>(
    '/payments/test/checkout/:invoiceId/pay',
    { schema: { hide: true } },
    simulate('Settled', 'InvoiceSettled'),
  );
  app.post<{ Params: { invoiceId: string } }>(
    '/payments/test/checkout/:invoiceId/expire',
    { schema: { hide: true } },
    simulate('Expired', 'InvoiceExpired'),
  );
};
export default testCheckoutRoutes;
