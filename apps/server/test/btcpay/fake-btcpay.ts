/**
 * A fake BTCPay Server, run as its own process (`node --import tsx fake-btcpay.ts`), following
 * the documented Greenfield contract we use:
 * - `POST /api/v1/stores/{storeId}/invoices` and `GET /api/v1/stores/{storeId}/invoices/{id}`
 *   with `Authorization: token <apiKey>` (401 without it, 403 with another key or store);
 * - webhooks POSTed to the registered URL with `BTCPay-Sig: sha256=<hex HMAC-SHA256(secret, body)>`,
 *   retried on a non-2xx answer as a redelivery (new deliveryId, same originalDeliveryId,
 *   isRedelivery true), like BTCPay's automatic redelivery (10 s, 1 min, 10 min; shortened here).
 * Tests drive it through `/__fake/...` (see index.ts). Prints `{"port":N}` once listening.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

interface Invoice {
  id: string;
  storeId: string;
  amount: string;
  currency: string;
  type: 'Standard';
  checkoutLink: string;
  status: 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid';
  additionalStatus: 'None' | 'PaidLate' | 'PaidPartial' | 'PaidOver' | 'Marked' | 'Invalid';
  createdTime: number;
  expirationTime: number;
  monitoringExpiration: number;
  archived: boolean;
  metadata: Record<string, unknown>;
  checkout: Record<string, unknown>;
  availableStatusesForManualMarking: string[];
}

interface Delivery {
  deliveryId: string;
  originalDeliveryId: string;
  isRedelivery: boolean;
  type: string;
  invoiceId: string;
  sentAt: number;
  status: number | null;
  answeredAt: number | null;
  error?: string;
}

const settings = {
  storeId: process.env.FAKE_BTCPAY_STORE_ID ?? 'store-1',
  apiKey: process.env.FAKE_BTCPAY_API_KEY ?? 'api-key-1',
  webhookId: `wh_${randomBytes(6).toString('hex')}`,
  webhookUrl: '',
  webhookSecret: '',
  /** Delays before each automatic redelivery (BTCPay: 10 s, 1 min, then 10 min up to 6 times). */
  retryDelaysMs: [50, 200, 500],
  /** 'up' answers; 503 answers every Greenfield call with 503; 'close' drops the connection. */
  greenfield: 'up' as 'up' | '503' | 'close',
  /** Delay before answering a Greenfield call (lets a test kill the caller mid-request). */
  greenfieldDelayMs: 0,
};
/** Greenfield calls received, and when each was answered (null while pending). */
const greenfieldCalls: { method: string; path: string; at: number; answeredAt: number | null }[] =
  [];
const invoices = new Map<string, Invoice>();
const deliveries: Delivery[] = [];
const inFlight = new Set<Promise<void>>();

const now = () => Math.floor(Date.now() / 1000);
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The webhook body, with each type's documented extra fields. */
function webhookBody(
  invoice: Invoice,
  type: string,
  d: { deliveryId: string; originalDeliveryId: string; isRedelivery: boolean },
  extra: Record<string, unknown>,
) {
  const typed: Record<string, Record<string, unknown>> = {
    InvoiceSettled: { manuallyMarked: false, overPaid: false },
    InvoiceProcessing: { overPaid: false },
    InvoiceExpired: { partiallyPaid: false },
    InvoiceInvalid: { manuallyMarked: false },
    InvoiceReceivedPayment: { afterExpiration: false },
  };
  return {
    deliveryId: d.deliveryId,
    webhookId: settings.webhookId,
    originalDeliveryId: d.originalDeliveryId,
    isRedelivery: d.isRedelivery,
    type,
    timestamp: now(),
    storeId: invoice.storeId,
    invoiceId: invoice.id,
    metadata: invoice.metadata,
    ...(typed[type] ?? {}),
    ...extra,
  };
}

/** One POST of a delivery; the status (or null when the connection failed). */
async function post(delivery: Delivery, body: string): Promise<void> {
  deliveries.push(delivery);
  try {
    const res = await fetch(settings.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'btcpay-sig': `sha256=${createHmac('sha256', settings.webhookSecret).update(body).digest('hex')}`,
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    await res.text();
    delivery.status = res.status;
  } catch (err) {
    delivery.error = (err as Error).message;
  }
  delivery.answeredAt = Date.now();
}

/** Sends `type` for `invoice`, then redelivers while the answer is not 2xx and retries are left. */
async function send(
  invoice: Invoice,
  type: string,
  extra: Record<string, unknown>,
  original?: string,
  copies = 1,
): Promise<Delivery[]> {
  const attempts: Delivery[] = [];
  const originalDeliveryId = original ?? randomUUID();
  for (let i = 0; ; i++) {
    const deliveryId = i === 0 && !original ? originalDeliveryId : randomUUID();
    const delivery: Delivery = {
      deliveryId,
      originalDeliveryId,
      isRedelivery: deliveryId !== originalDeliveryId,
      type,
      invoiceId: invoice.id,
      sentAt: Date.now(),
      status: null,
      answeredAt: null,
    };
    const body = JSON.stringify(webhookBody(invoice, type, delivery, extra));
    // `copies` > 1: the same bytes POSTed that many times at once (a proxy or BTCPay replaying).
    const copiesOf = [delivery, ...Array.from({ length: copies - 1 }, () => ({ ...delivery }))];
    attempts.push(...copiesOf);
    await Promise.all(copiesOf.map((d) => post(d, body)));
    const ok = copiesOf.some((d) => d.status !== null && d.status >= 200 && d.status < 300);
    if (ok || i >= settings.retryDelaysMs.length) return attempts;
    await sleep(settings.retryDelaysMs[i]!);
  }
}

function track<T>(p: Promise<T>): Promise<T> {
  const done = p.then(
    () => undefined,
    () => undefined,
  );
  inFlight.add(done);
  void done.then(() => inFlight.delete(done));
  return p;
}

async function greenfield(req: IncomingMessage, res: ServerResponse, path: string) {
  const call = {
    method: req.method ?? 'GET',
    path,
    at: Date.now(),
    answeredAt: null as number | null,
  };
  greenfieldCalls.push(call);
  res.once('finish', () => (call.answeredAt = Date.now()));
  if (settings.greenfieldDelayMs > 0) await sleep(settings.greenfieldDelayMs);
  if (settings.greenfield === 'close') {
    req.socket.destroy();
    return;
  }
  if (settings.greenfield === '503')
    return json(res, 503, { code: 'unavailable', message: 'Down' });
  const m = /^\/api\/v1\/stores\/([^/]+)\/invoices(?:\/([^/]+))?$/.exec(path);
  if (!m) return json(res, 404, { code: 'not-found', message: 'Not found' });
  const auth = req.headers.authorization;
  if (!auth?.startsWith('token ')) {
    return json(res, 401, { code: 'unauthenticated', message: 'Authentication is required' });
  }
  const storeId = decodeURIComponent(m[1]!);
  if (auth.slice(6) !== settings.apiKey || storeId !== settings.storeId) {
    return json(res, 403, { code: 'missing-permission', message: 'Insufficient API permissions' });
  }
  if (req.method === 'POST' && !m[2]) {
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    const amount = String(body.amount ?? '');
    if (!/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0) {
      return json(res, 422, [{ path: 'amount', message: 'Amount should be greater than 0' }]);
    }
    const checkout = (body.checkout ?? {}) as Record<string, unknown>;
    const minutes = Number(checkout.expirationMinutes ?? 15);
    const id = randomBytes(11).toString('base64url').replace(/[-_]/g, 'x');
    const created = now();
    const invoice: Invoice = {
      id,
      storeId,
      amount,
      currency: String(body.currency ?? 'USD').toUpperCase(),
      type: 'Standard',
      checkoutLink: `http://${req.headers.host}/i/${id}`,
      status: 'New',
      additionalStatus: 'None',
      createdTime: created,
      expirationTime: created + minutes * 60,
      monitoringExpiration: created + minutes * 60 + 3600,
      archived: false,
      metadata: (body.metadata ?? {}) as Record<string, unknown>,
      checkout: { expirationMinutes: minutes, redirectURL: checkout.redirectURL ?? null },
      availableStatusesForManualMarking: ['Settled', 'Invalid'],
    };
    invoices.set(id, invoice);
    if (settings.webhookUrl) void track(send(invoice, 'InvoiceCreated', {}));
    return json(res, 200, invoice);
  }
  if (req.method === 'GET' && m[2]) {
    const invoice = invoices.get(decodeURIComponent(m[2]));
    if (!invoice || invoice.storeId !== storeId) {
      return json(res, 404, { code: 'invoice-not-found', message: 'The invoice was not found' });
    }
    return json(res, 200, invoice);
  }
  return json(res, 405, { code: 'method-not-allowed', message: 'Method not allowed' });
}

/** Test controls: configure, change an invoice, send (and retry) a webhook, list deliveries. */
async function control(req: IncomingMessage, res: ServerResponse, path: string) {
  const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
  if (path === '/__fake/settings') {
    Object.assign(settings, body);
    return json(res, 200, settings);
  }
  if (path === '/__fake/deliveries') return json(res, 200, deliveries);
  if (path === '/__fake/calls') return json(res, 200, greenfieldCalls);
  if (path === '/__fake/idle') {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    return json(res, 200, {});
  }
  const m = /^\/__fake\/invoices\/([^/]+)(?:\/(state|webhook))?$/.exec(path);
  const invoice = m ? invoices.get(decodeURIComponent(m[1]!)) : undefined;
  if (!m || !invoice) return json(res, 404, { message: 'no such invoice' });
  if (!m[2]) return json(res, 200, invoice);
  if (m[2] === 'state') {
    Object.assign(invoice, body);
    return json(res, 200, invoice);
  }
  // webhook: { type, extra?, originalDeliveryId?, copies?, wait? } (wait=false answers at the first send)
  const before = deliveries.length;
  const sending = track(
    send(
      invoice,
      String(body.type),
      (body.extra ?? {}) as Record<string, unknown>,
      body.originalDeliveryId as string | undefined,
      Number(body.copies ?? 1),
    ),
  );
  if (body.wait === false) {
    // The first attempt is the first delivery of this invoice recorded after `before`. (Comparing
    // its sentAt with a clock read after send() hung for good whenever more than a few ms passed in
    // between on a loaded machine: the answer never came and the test timed out.)
    let first: Delivery | undefined;
    while (!(first = deliveries.slice(before).find((d) => d.invoiceId === invoice.id))) {
      await sleep(1);
    }
    return json(res, 202, { sentAt: first.sentAt });
  }
  return json(res, 200, await sending);
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const handle = path.startsWith('/__fake/') ? control : greenfield;
  handle(req, res, path).catch((err: Error) => json(res, 500, { message: err.message }));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' ? address?.port : 0 })}\n`,
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
