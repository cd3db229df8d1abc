import { z } from 'zod';

/** A coupon as staff see it (docs/product.md#money); amounts in dollars. */
export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  percentOff: z.number().int().optional(),
  amountOff: z.number().optional(),
  /** null = any product. */
  productId: z.string().nullable(),
  /** The product's title, null for any product. */
  product: z.string().nullable(),
  /** null = unlimited. */
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  expiresAt: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListSchema = z.object({ coupons: z.array(couponSchema) });
export const couponResponseSchema = z.object({ coupon: couponSchema });

export const COUPON_MESSAGES = {
  codeFormat: 'Code may only contain letters, digits, - and _.',
  discountOne: 'Give either a percentage or an amount off, not both.',
  discountMissing: 'Give a percentage or an amount off.',
  duplicate: 'A coupon with this code already exists.',
  expiryPast: 'Expiry must be in the future.',
  maxUsesBelowUses: 'Max uses cannot be below the uses so far.',
  notFound: 'Coupon not found.',
  unknownProduct: 'Unknown product.',
  nothingToChange: 'Nothing to change.',
} as const;

const maxUsesSchema = z
  .number({ error: 'Max uses must be a whole number.' })
  .int('Max uses must be a whole number.')
  .min(1, 'Max uses must be at least 1.')
  .max(1_000_000, 'Max uses must be at most 1,000,000.')
  .nullable();
const expiresAtSchema = z.iso
  .datetime({ offset: true, error: 'Expiry must be a date and time.' })
  .nullable();

/** POST /api/admin/coupons: the coupon's fields less `_id` and `uses`; percentOff XOR amountOff. */
export const createCouponBodySchema = z
  .strictObject({
    code: z
      .string({ error: 'Code is required.' })
      .trim()
      .min(3, 'Code must be at least 3 characters.')
      .max(32, 'Code must be at most 32 characters.')
      .regex(/^[A-Za-z0-9_-]+$/, COUPON_MESSAGES.codeFormat),
    percentOff: z
      .number({ error: 'Percent off must be a whole number from 1 to 100.' })
      .int('Percent off must be a whole number from 1 to 100.')
      .min(1, 'Percent off must be a whole number from 1 to 100.')
      .max(100, 'Percent off must be a whole number from 1 to 100.')
      .nullish(),
    amountOff: z
      .number({ error: 'Amount off must be a number of dollars.' })
      .positive('Amount off must be more than 0.')
      .max(100_000, 'Amount off must be at most 100,000.')
      .multipleOf(0.01, 'Amount off may have at most 2 decimals.')
      .nullish(),
    productId: z.string().min(1, 'Unknown product.').max(64, 'Unknown product.').nullish(),
    maxUses: maxUsesSchema.optional(),
    expiresAt: expiresAtSchema.optional(),
    active: z.boolean({ error: 'Active must be true or false.' }).optional(),
  })
  .superRefine((body, ctx) => {
    const percent = body.percentOff != null;
    const amount = body.amountOff != null;
    if (percent && amount)
      ctx.addIssue({ code: 'custom', path: ['amountOff'], message: COUPON_MESSAGES.discountOne });
    if (!percent && !amount)
      ctx.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: COUPON_MESSAGES.discountMissing,
      });
  });
export type CreateCouponBody = z.infer<typeof createCouponBodySchema>;

/** PATCH /api/admin/coupons/{id}: turn on or off, change max uses or expiry. */
export const updateCouponBodySchema = z.strictObject({
  active: z.boolean({ error: 'Active must be true or false.' }).optional(),
  maxUses: maxUsesSchema.optional(),
  expiresAt: expiresAtSchema.optional(),
});
export type UpdateCouponBody = z.infer<typeof updateCouponBodySchema>;
