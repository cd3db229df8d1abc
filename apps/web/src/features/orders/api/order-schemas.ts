import { MESSAGES, ORDER_LIMITS } from '@stellar/shared';
import { z } from 'zod';

// The payment shapes (docs/product.md#money), as the web app reads them. They live here only until the server
// side (branch pay-core) puts them in packages/shared; then this file re-exports those.

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'paid',
  'expired',
  'refunded',
  'needs_attention',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order as GET /api/orders/{id} answers it. */
export const orderSchema = z.object({
  _id: z.string(),
  status: z.enum(ORDER_STATUSES),
  productId: z.string(),
  /** The product's name. */
  product: z.string(),
  plan: z.string(),
  /** What the member pays after the coupon, in dollars. */
  amount: z.number(),
  currency: z.string(),
  coupon: z.string().nullable(),
  licenceId: z.string().nullish(),
  createdAt: z.string(),
  paidAt: z.string().nullish(),
  /** The processor's payment page, while there is one to go back to. */
  checkoutUrl: z.string().nullish(),
});
export type Order = z.infer<typeof orderSchema>;

export const ordersResponseSchema = z.union([
  z.array(orderSchema),
  z.object({ orders: z.array(orderSchema) }).transform((body) => body.orders),
]);

/** POST /api/orders: `checkoutUrl` is null when a 100 % coupon delivered at once. */
export const createOrderResponseSchema = z.object({
  order: orderSchema,
  checkoutUrl: z.string().nullable(),
});
export interface CreateOrderBody {
  productId: string;
  plan: string;
  coupon?: string;
}

export const PAYMENT_MODES = ['btcpay', 'test', 'off'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const paymentsStatusSchema = z.object({ mode: z.enum(PAYMENT_MODES) });

/** A reseller's balance top-up. */
export const topUpSchema = z.object({
  _id: z.string(),
  status: z.enum(ORDER_STATUSES),
  amount: z.number(),
  currency: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullish(),
  checkoutUrl: z.string().nullish(),
});
export type TopUp = z.infer<typeof topUpSchema>;
export const createTopUpResponseSchema = z.object({
  topUp: topUpSchema,
  checkoutUrl: z.string().nullable(),
});
/** The part of GET /api/resellers/me that lists top-ups. */
export const resellerTopUpsSchema = z.object({ topUps: z.array(topUpSchema).default([]) });

/** The server's answer when neither BTCPay nor test mode is configured (503). */
export const PAYMENTS_NOT_SET_UP = MESSAGES.paymentsNotSetUp;
export const TEST_MODE_BANNER = MESSAGES.paymentsTestBanner;
/** Top-up bounds in dollars (issue 12). */
export const TOP_UP_MIN = ORDER_LIMITS.topUpMin;
export const TOP_UP_MAX = ORDER_LIMITS.topUpMax;
