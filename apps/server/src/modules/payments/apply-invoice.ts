import { and, eq } from 'drizzle-orm';
import { centsToDollars } from '@stellar/shared';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { deliverOrder, expireOrder, markNeedsAttention, markProcessing } from './delivery.commands';
import { decimalToCents, type ProcessorInvoice } from './processor';

type OrderRow = typeof orders.$inferSelect;

export type InvoiceDecision =
  | { action: 'deliver' }
  | { action: 'processing' }
  | { action: 'expire' }
  | { action: 'attention'; reason: string }
  | { action: 'none' };

export const ATTENTION = {
  partial: 'Partly paid: the invoice expired before the full amount arrived.',
  late: 'Paid after the invoice expired.',
  invalid: 'BTCPay marked the invoice invalid.',
  otherOrder: 'The invoice names another order.',
} as const;

/** What the processor's invoice means for the order (the invoice is the only truth). */
export function decide(order: OrderRow, invoice: ProcessorInvoice): InvoiceDecision {
  const mismatch = (): string | null => {
    if (invoice.orderId !== order.id) return ATTENTION.otherOrder;
    if (invoice.currency.toUpperCase() !== order.currency.toUpperCase()) {
      return `Currency mismatch: the invoice is in ${invoice.currency}, the order in ${order.currency}.`;
    }
    if (decimalToCents(invoice.amount) !== order.amountCents) {
      return `Amount mismatch: the invoice is for ${invoice.amount} ${invoice.currency}, the order for ${centsToDollars(order.amountCents).toFixed(2)} ${order.currency}.`;
    }
    return null;
  };
  const late = invoice.additionalStatus === 'PaidLate';
  switch (invoice.status) {
    case 'Settled': {
      const reason = late ? ATTENTION.late : mismatch();
      return reason ? { action: 'attention', reason } : { action: 'deliver' };
    }
    case 'Processing': {
      const reason = late ? ATTENTION.late : mismatch();
      return reason ? { action: 'attention', reason } : { action: 'processing' };
    }
    case 'Expired':
      if (invoice.additionalStatus === 'PaidPartial')
        return { action: 'attention', reason: ATTENTION.partial };
      if (late) return { action: 'attention', reason: ATTENTION.late };
      return { action: 'expire' };
    case 'Invalid':
      return { action: 'attention', reason: ATTENTION.invalid };
    default:
      return { action: 'none' };
  }
}

export type ApplyOutcome =
  'delivered' | 'processing' | 'expired' | 'needs_attention' | 'unchanged' | 'unknown_order';

/**
 * Moves the order of `invoice` to what the invoice says. Every step is guarded in SQL, so any
 * number of concurrent callers (webhooks, redeliveries, reconcilers) change it at most once.
 */
export async function applyInvoice(
  db: Db,
  processor: string,
  invoice: ProcessorInvoice,
): Promise<{ outcome: ApplyOutcome; orderId?: string }> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.processor, processor), eq(orders.invoiceId, invoice.id)));
  if (!order) return { outcome: 'unknown_order' };
  const decision = decide(order, invoice);
  const orderId = order.id;
  switch (decision.action) {
    case 'deliver': {
      const paid = await db.transaction((tx) =>
        deliverOrder(tx, orderId, { invoiceStatus: invoice.status }),
      );
      return { outcome: paid ? 'delivered' : 'unchanged', orderId };
    }
    case 'processing':
      return {
        outcome: (await markProcessing(db, orderId, invoice.status)) ? 'processing' : 'unchanged',
        orderId,
      };
    case 'expire':
      return {
        outcome: (await expireOrder(db, orderId, invoice.status)) ? 'expired' : 'unchanged',
        orderId,
      };
    case 'attention':
      return {
        outcome: (await markNeedsAttention(db, orderId, decision.reason, invoice.status))
          ? 'needs_attention'
          : 'unchanged',
        orderId,
      };
    default:
      return { outcome: 'unchanged', orderId };
  }
}
