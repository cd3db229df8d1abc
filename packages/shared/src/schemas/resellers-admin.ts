import { z } from 'zod';

/** GET /api/admin/resellers-products: every reseller with the products they may sell. */
export const resellerEntrySchema = z.object({
  _id: z.string(),
  username: z.string(),
  balance: z.number(),
  products: z.array(z.object({ _id: z.string(), title: z.string() })),
});
export const resellerListSchema = z.array(resellerEntrySchema);

export const grantProductBodySchema = z.strictObject({
  productId: z.string().min(1, 'Product is required').max(64),
});

/** POST /api/admin/resellers/{id}/balance: a credit (positive) or debit (negative), in dollars. */
export const balanceAdjustBodySchema = z.strictObject({
  amount: z
    .number({ error: 'Amount must be a number.' })
    .refine((n) => n !== 0, 'Amount must not be zero.')
    .refine((n) => Math.abs(n) <= 1_000_000, 'Amount must be at most 1,000,000.')
    .multipleOf(0.01, 'Amount may have at most 2 decimals.'),
  reason: z.string().trim().min(1, 'A reason is required.').max(200, 'Reason is too long'),
});
export const balanceResponseSchema = z.object({ balance: z.number() });

export const auditQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET /api/admin/overview: the shop at a glance. */
export const overviewSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      keysGenerated: z.number(),
      keysRedeemed: z.number(),
      revenue: z.number(),
    }),
  ),
  totals: z.object({
    users: z.number(),
    activeLicences: z.number(),
    openTickets: z.number(),
    escalatedTickets: z.number(),
    licencesCheckedLast24h: z.number(),
    revenueLast30d: z.number(),
  }),
});
export type Overview = z.infer<typeof overviewSchema>;
