import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { PaymentProcessor, ProcessorInvoice } from './processor';
import { centsToDecimal } from './processor';

export const TEST_CHECKOUT_PATH = '/api/payments/test/checkout';

/**
 * PAYMENTS_TEST_MODE=on: invoices "paid" by pressing a button on a local checkout page. The
 * invoice's state lives in its order row (invoice_status), so every process of the site agrees;
 * the order moves only through the signed webhook, exactly as with BTCPay.
 */
export function createTestProcessor(db: Db): PaymentProcessor {
  return {
    name: 'test',
    async createInvoice() {
      const id = `test_${randomBytes(12).toString('hex')}`;
      return { id, checkoutLink: `${TEST_CHECKOUT_PATH}/${id}` };
    },
    async getInvoice(invoiceId: string): Promise<ProcessorInvoice | null> {
      const [row] = await db
        .select({
          id: orders.id,
          amountCents: orders.amountCents,
          currency: orders.currency,
          invoiceStatus: orders.invoiceStatus,
          checkoutUrl: orders.checkoutUrl,
        })
        .from(orders)
        .where(and(eq(orders.processor, 'test'), eq(orders.invoiceId, invoiceId)));
      if (!row) return null;
      return {
        id: invoiceId,
        status: row.invoiceStatus ?? 'New',
        additionalStatus: 'None',
        amount: centsToDecimal(row.amountCents),
        currency: row.currency,
        orderId: row.id,
        checkoutLink: row.checkoutUrl,
      };
    },
  };
}

/**
 * The test processor's side of "Simulate payment" / "Simulate expiry": the invoice changes state
 * (only while open). Returns the order id, or null when the invoice is unknown or already closed.
 */
export async function setTestInvoiceStatus(
  db: Db,
  invoiceId: string,
  status: 'Settled' | 'Expired',
): Promise<string | null> {
  const [row] = await db
    .update(orders)
    .set({ invoiceStatus: status })
    .where(
      and(
        eq(orders.processor, 'test'),
        eq(orders.invoiceId, invoiceId),
        inArray(orders.invoiceStatus, ['New', 'Processing']),
      ),
    )
    .returning({ id: orders.id });
  return row?.id ?? null;
}
