import { z } from 'zod';

export const planSchema = z.object({
  plan: z.string(),
  duration: z.string(),
  durationDays: z.number().int(),
  price: z.number(),
});
/** A product as GET /api/products returns it. */
export const productSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  pricing: z.array(planSchema),
});
export const productListSchema = z.array(productSchema);
export type Product = z.infer<typeof productSchema>;
export type Plan = z.infer<typeof planSchema>;
