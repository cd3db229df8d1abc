import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { licences } from './licensing';
import { products } from './products';
import { users } from './users';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** Discount codes applied at order creation (docs/product.md#money). */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored as typed; unique and matched case-insensitively. */
    code: text().notNull(),
    percentOff: integer(),
    amountOffCents: integer(),
    /** null = any product. */
    productId: text().references(() => products.id, { onDelete: 'cascade' }),
    /** null = unlimited. */
    maxUses: integer(),
    uses: integer().notNull().default(0),
    expiresAt: ts(),
    active: boolean().notNull().default(true),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_unique').on(sql`lower(${t.code})`),
    check(
      'coupons_discount_check',
      sql`(${t.percentOff} IS NULL) <> (${t.amountOffCents} IS NULL)`,
    ),
    check(
      'coupons_percent_check',
      sql`${t.percentOff} IS NULL OR ${t.percentOff} BETWEEN 1 AND 100`,
    ),
    check('coupons_amount_check', sql`${t.amountOffCents} IS NULL OR ${t.amountOffCents} > 0`),
    check('coupons_uses_check', sql`${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses}`),
  ],
);

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'paid',
  'expired',
  'refunded',
  'needs_attention',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * One payment: a member's plan purchase (kind 'licence') or a reseller's balance top-up (kind
 * 'top_up'). Each has at most one BTCPay invoice; delivery moves it to 'paid' exactly once.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<'licence' | 'top_up'>().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<OrderStatus>().notNull().default('pending'),
    /** Price snapshot at creation (licence orders). */
    productId: text().references(() => products.id),
    plan: text(),
    durationDays: integer(),
    /** What the member pays, after the coupon, in cents. */
    amountCents: integer().notNull(),
    /** Price before the coupon, in cents. */
    listPriceCents: integer().notNull(),
    currency: text().notNull().default('USD'),
    couponId: uuid().references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text(),
    /** 'btcpay' or 'test' (PAYMENTS_TEST_MODE); null when nothing had to be paid. */
    processor: text(),
    invoiceId: text(),
    checkoutUrl: text(),
    /** Last invoice status read from the processor (New, Processing, Settled, Expired, Invalid). */
    invoiceStatus: text(),
    licenceId: uuid().references(() => licences.id, { onDelete: 'set null' }),
    /** Days this order added to its licence (refunds take back exactly these). */
    deliveredDays: integer(),
    attentionReason: text(),
    refundReason: text(),
    refundedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
    paidAt: ts(),
    refundedAt: ts(),
    /** Next time the reconciler re-reads the invoice; null once the order is final. */
    reconcileAfter: ts(),
  },
  (t) => [
    uniqueIndex('orders_invoice_unique').on(t.processor, t.invoiceId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_reconcile_idx')
      .on(t.reconcileAfter)
      .where(sql`${t.reconcileAfter} IS NOT NULL`),
    check(
      'orders_status_check',
      sql`${t.status} IN ('pending','processing','paid','expired','refunded','needs_attention')`,
    ),
    check('orders_kind_check', sql`${t.kind} IN ('licence','top_up')`),
    check('orders_amount_check', sql`${t.amountCents} >= 0 AND ${t.listPriceCents} >= 0`),
    check(
      'orders_licence_fields_check',
      sql`${t.kind} <> 'licence' OR (${t.productId} IS NOT NULL AND ${t.plan} IS NOT NULL AND ${t.durationDays} > 0)`,
    ),
  ],
);

/** Every webhook delivery received from the payment processor, once per delivery id. */
export const paymentWebhookDeliveries = pgTable(
  'payment_webhook_deliveries',
  {
    /** `processor:deliveryId`. */
    id: text().primaryKey(),
    processor: text().notNull(),
    deliveryId: text().notNull(),
    originalDeliveryId: text(),
    type: text().notNull(),
    invoiceId: text(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    receivedAt: ts().notNull().defaultNow(),
    processedAt: ts(),
  },
  (t) => [index('payment_webhook_deliveries_invoice_idx').on(t.invoiceId)],
);
