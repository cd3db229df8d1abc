import { z } from 'zod';
import { ORDER_STATUS_VALUES } from './orders';

/** Order statuses as staff filter them: the order statuses themselves (docs/product.md#money). */
export const ADMIN_ORDER_STATUSES = ORDER_STATUS_VALUES;

/** GET /api/admin/orders: needs_attention first, then newest; paginated like the other staff lists. */
export const adminOrderListQuerySchema = z.strictObject({
  status: z.enum(ADMIN_ORDER_STATUSES, { error: 'Unknown status.' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** An order (plan purchase or balance top-up) as staff see it; amounts in dollars. */
export const adminOrderSchema = z.object({
  _id: z.string(),
  kind: z.enum(['licence', 'top_up']),
  status: z.enum(ADMIN_ORDER_STATUSES),
  buyer: z.object({ _id: z.string(), username: z.string() }),
  productId: z.string().nullable(),
  /** The product's title; null for a top-up. */
  product: z.string().nullable(),
  plan: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  coupon: z.string().nullable(),
  licenceId: z.string().nullable(),
  /** Days the order added to its licence (what a refund takes back). */
  deliveredDays: z.number().int().nullable(),
  invoiceId: z.string().nullable(),
  attentionReason: z.string().nullable(),
  refundReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** POST /api/admin/orders/{id}/refund. */
export const refundOrderBodySchema = z.strictObject({
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(1, 'A reason is required.')
    .max(500, 'Reason is too long.'),
});
export const refundOrderResponseSchema = z.object({
  message: z.string(),
  order: adminOrderSchema,
});

export const REFUND_MESSAGES = {
  /** The coins go back through BTCPay: Stellar only records the refund and takes back what it gave. */
  done: 'Order marked refunded. Send the coins back from BTCPay Server: Stellar does not move funds.',
  notPaid: 'Only a paid order can be refunded.',
  notFound: 'Order not found.',
  balanceTooLow:
    "The reseller's balance is lower than this top-up: it has already been spent, so it cannot be taken back.",
} as const;
