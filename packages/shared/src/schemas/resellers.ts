import { z } from 'zod';
import { planSchema } from './products';
import { topUpSchema } from './orders';

/** GET /api/resellers/me query: the key history's page. */
export const resellerKeysQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number.' })
    .int()
    .min(1, 'pageSize must be 1-100.')
    .max(100, 'pageSize must be 1-100.')
    .default(20),
});
export const resellerKeySchema = z.object({
  code: z.string(),
  product: z.string(),
  plan: z.string().nullable(),
  createdAt: z.string(),
  redeemed: z.boolean(),
  redeemedAt: z.string().nullable(),
});
/** GET /api/resellers/me: balance (dollars), sellable products, generated keys newest first. */
export const resellerMeResponseSchema = z.object({
  balance: z.number(),
  products: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      slug: z.string(),
      pricing: z.array(planSchema),
    }),
  ),
  keys: z.object({
    items: z.array(resellerKeySchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
  /** Balance top-ups, latest first. */
  topUps: z.array(topUpSchema),
});
export type ResellerMe = z.infer<typeof resellerMeResponseSchema>;
