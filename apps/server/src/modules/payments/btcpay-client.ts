import type { CreateInvoiceInput, PaymentProcessor, ProcessorInvoice } from './processor';
import { centsToDecimal, ProcessorError } from './processor';

export interface BtcpayOptions {
  url: string;
  storeId: string;
  apiKey: string;
  timeoutMs?: number;
}

interface GreenfieldInvoice {
  id: string;
  status: string;
  additionalStatus?: string;
  amount: string;
  currency: string;
  checkoutLink?: string;
  metadata?: { orderId?: unknown } | null;
}

/**
 * BTCPay Server's Greenfield API: create and read invoices of one store
 * (`Authorization: token <apiKey>`; the key needs btcpay.store.cancreateinvoice and
 * btcpay.store.canviewinvoices).
 */
export function createBtcpayClient(opts: BtcpayOptions): PaymentProcessor {
  const base = `${opts.url}/api/v1/stores/${encodeURIComponent(opts.storeId)}/invoices`;
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function call(method: string, url: string, body?: unknown): Promise<Response> {
    try {
      return await fetch(url, {
        method,
        headers: {
          authorization: `token ${opts.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ProcessorError(`BTCPay ${method} ${url} failed: ${(err as Error).message}`);
    }
  }

  const toInvoice = (raw: GreenfieldInvoice): ProcessorInvoice => ({
    id: String(raw.id),
    status: String(raw.status),
    additionalStatus: String(raw.additionalStatus ?? 'None'),
    amount: String(raw.amount),
    currency: String(raw.currency),
    orderId: typeof raw.metadata?.orderId === 'string' ? raw.metadata.orderId : null,
    checkoutLink: raw.checkoutLink ?? null,
  });

  return {
    name: 'btcpay',
    async createInvoice(input: CreateInvoiceInput) {
      const res = await call('POST', base, {
        amount: centsToDecimal(input.amountCents),
        currency: input.currency,
        metadata: { orderId: input.orderId },
        checkout: { redirectURL: input.redirectUrl, expirationMinutes: 30 },
      });
      if (!res.ok) {
        throw new ProcessorError(`BTCPay refused the invoice: ${res.status} ${await res.text()}`);
      }
      const invoice = toInvoice((await res.json()) as GreenfieldInvoice);
      if (!invoice.id || !invoice.checkoutLink) {
        throw new ProcessorError('BTCPay answered an invoice without id or checkoutLink');
      }
      return { id: invoice.id, checkoutLink: invoice.checkoutLink };
    },
    async getInvoice(invoiceId: string) {
      const res = await call('GET', `${base}/${encodeURIComponent(invoiceId)}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new ProcessorError(`BTCPay invoice read failed: ${res.status}`);
      return toInvoice((await res.json()) as GreenfieldInvoice);
    },
  };
}
