/** An invoice as the payment processor reports it: the only truth about a payment. */
export interface ProcessorInvoice {
  id: string;
  /** New, Processing, Settled, Expired, Invalid (BTCPay Greenfield). */
  status: string;
  /** None, PaidLate, PaidPartial, PaidOver, Marked, Invalid. */
  additionalStatus: string;
  /** Decimal string, as Greenfield sends it ("25.00"). */
  amount: string;
  currency: string;
  /** metadata.orderId, as we set it at creation. */
  orderId: string | null;
  checkoutLink: string | null;
}

export interface CreateInvoiceInput {
  orderId: string;
  amountCents: number;
  currency: string;
  redirectUrl: string;
}

/** BTCPay Server or the built-in test processor, behind one interface. */
export interface PaymentProcessor {
  readonly name: 'btcpay' | 'test';
  createInvoice(input: CreateInvoiceInput): Promise<{ id: string; checkoutLink: string }>;
  /** The invoice as stored by the processor, or null when it does not know it. */
  getInvoice(invoiceId: string): Promise<ProcessorInvoice | null>;
}

/** The processor failed or did not answer in time. */
export class ProcessorError extends Error {}

/** "25.00" -> 2500; NaN for anything that is not a decimal amount. */
export function decimalToCents(amount: string): number {
  if (!/^\d+(\.\d+)?$/.test(amount.trim())) return Number.NaN;
  return Math.round(Number(amount) * 100);
}

export const centsToDecimal = (cents: number): string => (cents / 100).toFixed(2);
