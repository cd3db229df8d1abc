import { z } from 'zod';
import { MESSAGES } from '../messages';
import { productVariablesSchema } from './products';

/** A licence as the dashboard lists it (the spec's "owned product", plus what the dialogs need). */
export const ownedProductSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  title: z.string(),
  slug: z.string(),
  hwid: z.string().nullable(),
  purchasedAt: z.string(),
  expiresAt: z.string(),
  canResetHWID: z.boolean(),
  canAccessSettings: z.boolean(),
  /** The licence's own key (STLL-..., or the first voucher for licences older than it): what the tool uses. */
  licenceKey: z.string().nullable(),
  /** When the cooldown allows the next HWID reset; null when a reset is possible now. */
  nextHwidResetAt: z.string().nullable(),
  /** How many machines may bind (licence check v2); 1 for licences of the first version. */
  maxMachines: z.number().int().optional(),
  /** The machines bound, oldest first (HWID shortened). */
  machines: z
    .array(
      z.object({
        _id: z.string(),
        hwid: z.string(),
        firstSeenAt: z.string(),
        lastSeenAt: z.string(),
      }),
    )
    .optional(),
  /** Set when staff revoked the licence: the tool is answered REVOKED. */
  revoked: z.object({ at: z.string(), reason: z.string() }).nullable().optional(),
});
export type OwnedProduct = z.infer<typeof ownedProductSchema>;
/** GET /api/users/owns. */
export const ownedProductsResponseSchema = z.object({ ownedProducts: z.array(ownedProductSchema) });

/** POST /api/products/{id}/reset-hwid: id is the licence's _id or its productId. */
export const ownedProductParamSchema = z.strictObject({ id: z.string().min(1).max(64) });
export const resetHwidResponseSchema = z.object({
  message: z.string(),
  nextResetAt: z.string().nullable(),
});

/** GET/PUT /api/licences/{id}/settings: any JSON object, at most 16 KiB serialised. */
export const licenceSettingsSchema = z.record(z.string(), z.unknown(), {
  error: MESSAGES.settingsNotObject,
});
export type LicenceSettings = z.infer<typeof licenceSettingsSchema>;

/** DELETE /api/licences/{id}/machines/{machineId}: frees one machine's slot (counts as a HWID reset). */
export const licenceMachineParamSchema = z.strictObject({
  id: z.string().min(1).max(64),
  machineId: z.string().max(64),
});
export const MACHINE_NOT_FOUND = 'Machine not found.';
export const MACHINE_REMOVED =
  'Machine removed. The tool can bind a new machine at its next check.';

/** GET /api/admin/licensing: what staff edit per product and plan. */
export const licensingProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  variables: z.record(z.string(), z.unknown()),
  plans: z.array(z.object({ id: z.string(), name: z.string(), maxMachines: z.number().int() })),
});
export const licensingOverviewSchema = z.object({ products: z.array(licensingProductSchema) });
export type LicensingProduct = z.infer<typeof licensingProductSchema>;

/** PUT /api/admin/products/{id}/variables. */
export const productVariablesBodySchema = z.strictObject({ variables: productVariablesSchema });
/** PUT /api/admin/plans/{id}/machines: applies to licences created or extended from now on. */
export const planMachinesBodySchema = z.strictObject({
  maxMachines: z
    .number({ error: 'Must be a number of machines.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(100, 'Must be at most 100.'),
});

export const REVOKE_REASON_MAX = 500;
/** POST /api/admin/licences/revoke: a licence key (STLL-...) or a voucher code (STLR-...). */
export const revokeBodySchema = z.strictObject({
  key: z.string({ error: 'Key is required.' }).trim().min(1, 'Key is required.').max(64),
  reason: z
    .string({ error: 'Reason is required.' })
    .trim()
    .min(1, 'Reason is required.')
    .max(REVOKE_REASON_MAX, `Reason must be at most ${REVOKE_REASON_MAX} characters.`),
});
export type RevokeBody = z.infer<typeof revokeBodySchema>;
export const revokeResponseSchema = z.object({
  message: z.string(),
  revoked: z.enum(['licence', 'voucher']),
  id: z.string(),
});
export const REVOKE_NOT_FOUND = 'No licence or unredeemed voucher has this key.';
export const LICENCE_ALREADY_REVOKED = 'This licence is already revoked.';
export const VOUCHER_ALREADY_REVOKED = 'This voucher is already revoked.';
export const LICENCE_REVOKED_MESSAGE =
  'Licence revoked. The tool is answered REVOKED from its next check.';
export const VOUCHER_REVOKED_MESSAGE = 'Voucher revoked. It can no longer be redeemed.';
