import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { paymentWebhookDeliveries } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { applyInvoice, type ApplyOutcome } from './apply-invoice';
import type { PaymentProcessor } from './processor';

/** BTCPay's webhook body (docs/product.md#money); only the invoice re-read from BTCPay is trusted. */
const deliverySchema = z.object({
  deliveryId: z.string().min(1).max(200),
  webhookId: z.string().max(200).optional().nullable(),
  originalDeliveryId: z.string().max(200).optional().nullable(),
  isRedelivery: z.boolean().optional(),
  type: z.string().min(1).max(100),
  invoiceId: z.string().max(200).optional().nullable(),
});

export type WebhookOutcome = ApplyOutcome | 'ignored';

/**
 * Handles one signed delivery: recorded once per delivery id (a copy is noted, not recorded
 * twice); test deliveries (`__test__` invoices) and events without an invoice are ignored;
 * otherwise the invoice is read back from the processor and applied to its order.
 */
export async function receiveWebhook(
  db: Db,
  processor: PaymentProcessor,
  raw: Buffer,
): Promise<{ outcome: WebhookOutcome; orderId?: string; duplicate: boolean }> {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
  const parsed = deliverySchema.safeParse(body);
  if (!parsed.success) throw badRequest('Not a BTCPay webhook delivery.');
  const delivery = parsed.data;
  const id = `${processor.name}:${delivery.deliveryId}`;
  const inserted = await db
    .insert(paymentWebhookDeliveries)
    .values({
      id,
      processor: processor.name,
      deliveryId: delivery.deliveryId,
      originalDeliveryId: delivery.originalDeliveryId ?? null,
      type: delivery.type,
      invoiceId: delivery.invoiceId ?? null,
      payload: body as Record<string, unknown>,
    })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookDeliveries.id });
  const duplicate = inserted.length === 0;
  const invoiceId = delivery.invoiceId;
  let result: { outcome: WebhookOutcome; orderId?: string };
  if (!invoiceId || invoiceId.startsWith('__test__')) {
    result = { outcome: 'ignored' };
  } else {
    const invoice = await processor.getInvoice(invoiceId);
    result = invoice
      ? await applyInvoice(db, processor.name, invoice)
      : { outcome: 'unknown_order' };
  }
  await db
    .update(paymentWebhookDeliveries)
    .set({ processedAt: sql`coalesce(${paymentWebhookDeliveries.processedAt}, now())` })
    .where(eq(paymentWebhookDeliveries.id, id));
  return { ...result, duplicate };
}
