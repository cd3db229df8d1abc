import { z } from 'zod';
import { ORDER_LIMITS } from '../constants';

/** Order statuses (docs/product.md#money). */
export const ORDER_STATUS_VALUES = [
  'pending',
  'processing',
  'paid',
  'expired',
  'refunded',
  'needs_attention',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUS_VALUES);
export type OrderStatusValue = z.infer<typeof orderStatusSchema>;

/** A member's plan purchase as the API shows it (docs/product.md#money). */
export const orderSchema = z.object({
  _id: z.string(),
  status: orderStatusSchema,
  productId: z.string(),
  /** The product's title. */
  product: z.string(),
  plan: z.string(),
  /** What the member pays after the coupon, in dollars. */
  amount: z.number(),
  currency: z.string(),
  /** The coupon code applied, or null. */
  coupon: z.string().nullable(),
  licenceId: z.string().optional(),
  createdAt: z.string(),
  paidAt: z.string().optional(),
  /** The processor's payment page, only while the order is pending (the way back to pay). */
  checkoutUrl: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const createOrderBodySchema = z.strictObject({
  productId: z.string({ error: 'Product is required.' }).min(1, 'Product is required.'),
  plan: z.string({ error: 'Plan is required.' }).min(1, 'Plan is required.'),
  coupon: z.string().trim().max(64, 'Coupon code is too long.').optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** checkoutUrl is null when nothing was left to pay (a 100 % coupon delivered at once). */
export const createOrderResponseSchema = z.object({
  order: orderSchema,
  checkoutUrl: z.string().nullable(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const ordersListResponseSchema = z.array(orderSchema);

/** A reseller's balance top-up. */
export const topUpSchema = z.object({
  _id: z.string(),
  status: orderStatusSchema,
  amount: z.number(),
  currency: z.string(),
  createdAt: z.string(),
  paidAt: z.string().optional(),
  /** The processor's payment page, only while the top-up is pending. */
  checkoutUrl: z.string().optional(),
});
export type TopUp = z.infer<typeof topUpSchema>;

const topUpAmountMessage = `Amount must be between $${ORDER_LIMITS.topUpMin} and $${ORDER_LIMITS.topUpMax.toLocaleString('en-US')}.`;
export const createTopUpBodySchema = z.strictObject({
  amount: z
    .number({ error: topUpAmountMessage })
    .min(ORDER_LIMITS.topUpMin, topUpAmountMessage)
    .max(ORDER_LIMITS.topUpMax, topUpAmountMessage)
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'Amount must be in whole cents.',
    ),
});
export type CreateTopUpBody = z.infer<typeof createTopUpBodySchema>;

export const createTopUpResponseSchema = z.object({
  topUp: topUpSchema,
  checkoutUrl: z.string(),
});
export type CreateTopUpResponse = z.infer<typeof createTopUpResponseSchema>;

/** Which payment processor the server uses: BTCPay, the built-in test processor, or none. */
export const paymentsStatusSchema = z.object({
  mode: z.enum(['btcpay', 'test', 'off']),
});
export type PaymentsStatus = z.infer<typeof paymentsStatusSchema>;
