import {
  dollarsToCents,
  generateKeysBodySchema,
  MESSAGES,
  type GenerateKeysBody,
} from '@stellar/shared';

export const INSUFFICIENT_BALANCE = MESSAGES.insufficientBalance;

export interface GenerateKeysDraft {
  productId: string;
  plan: string;
  quantity: string;
  /** The plan's price in dollars, when a plan is chosen. */
  price: number | undefined;
  balance: number;
  /** Only a Reseller pays; Admin and Owner get no balance check (spec section 6). */
  pays: boolean;
}

export type GenerateKeysCheck = { ok: true; body: GenerateKeysBody } | { ok: false; error: string };

/**
 * The panel's checks before any request: a product and a plan ("Please select a product and a
 * plan."), a quantity of 1-500, and for a Reseller a balance covering price x quantity.
 */
export function checkGenerateKeys(draft: GenerateKeysDraft): GenerateKeysCheck {
  const parsed = generateKeysBodySchema.safeParse({
    productId: draft.productId,
    plan: draft.plan,
    quantity: draft.quantity.trim() === '' ? Number.NaN : Number(draft.quantity),
  });
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid input.' };
  }
  // In cents: 0.1 + 0.2 style rounding must never refuse an exact balance.
  if (
    draft.pays &&
    draft.price !== undefined &&
    dollarsToCents(draft.price) * parsed.data.quantity > dollarsToCents(draft.balance)
  ) {
    return { ok: false, error: INSUFFICIENT_BALANCE };
  }
  return { ok: true, body: parsed.data };
}
