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

/** Product variables (staff-edited, returned inside VALID answers): a JSON object of at most 4 KiB. */
export const PRODUCT_VARIABLES_MAX_BYTES = 4096;
export const productVariablesSchema = z
  .record(z.string(), z.unknown(), { error: 'Variables must be a JSON object.' })
  .refine(
    (value) =>
      new TextEncoder().encode(JSON.stringify(value)).length <= PRODUCT_VARIABLES_MAX_BYTES,
    `Variables must be at most ${PRODUCT_VARIABLES_MAX_BYTES} bytes of JSON.`,
  );
