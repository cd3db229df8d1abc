import { z } from 'zod';
import { MESSAGES } from '../messages';
import { LIMITS } from '../constants';
import { ownedProductSchema } from './licences';

/** Voucher key format (docs/product.md#licences): STLR- then 4 groups of 5 Crockford base32 characters. */
export const KEY_CODE_PATTERN = /^STLR(-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{5}){4}$/;
/** A licence's own key (what the tool is configured with): STLL- then the same 4 groups. */
export const LICENCE_KEY_PATTERN = /^STLL(-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{5}){4}$/;

const SELECT_PRODUCT = 'Please select a product and a plan.';
/** POST /api/keys/generate: plan is the plan's name ("Basic Plan"). */
export const generateKeysBodySchema = z.strictObject({
  productId: z.string({ error: SELECT_PRODUCT }).trim().min(1, SELECT_PRODUCT).max(64),
  plan: z.string({ error: SELECT_PRODUCT }).trim().min(1, SELECT_PRODUCT).max(64),
  quantity: z
    .number({ error: 'Quantity must be a number.' })
    .int('Quantity must be a whole number.')
    .min(LIMITS.keyQuantityMin, `Quantity must be at least ${LIMITS.keyQuantityMin}.`)
    .max(LIMITS.keyQuantityMax, `Quantity must be at most ${LIMITS.keyQuantityMax}.`),
});
export type GenerateKeysBody = z.infer<typeof generateKeysBodySchema>;
/** The new keys and the caller's balance (dollars) after paying for them. */
export const generateKeysResponseSchema = z.object({
  keys: z.array(z.string()),
  balance: z.number(),
});

/** POST /api/keys/redeem. Spaces and case are forgiven; the server normalises the code. */
export const redeemKeyBodySchema = z.strictObject({
  keyCode: z.string({ error: MESSAGES.keyRequired }).trim().min(1, MESSAGES.keyRequired).max(64),
});

export const redeemKeyResponseSchema = z.object({
  message: z.string(),
  product: ownedProductSchema,
});
