import { MESSAGES } from '../messages';
import { z } from 'zod';
import { LIMITS } from '../constants';
import { planSchema } from './products';
import { topUpSchema } from './orders';

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
export const redeemKeyResponseSchema = z.object({
  message: z.string(),
  product: ownedProductSchema,
});
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

/** Answer codes of the licence check, in the order the server tests them. */
export const LICENCE_CHECK_CODES = [
  'VALID',
  'KEY_INVALID',
  'PRODUCT_MISMATCH',
  'BANNED',
  'REVOKED',
  'EXPIRED',
  'HWID_MISMATCH',
] as const;
export type LicenceCheckCode = (typeof LICENCE_CHECK_CODES)[number];

const clientKey = z.string({ error: 'key is required.' }).trim().min(1, 'key is required.').max(64);
const clientHwid = z
  .string({ error: 'hwid is required.' })
  .trim()
  .min(8, 'hwid must be 8-256 characters.')
  .max(256, 'hwid must be 8-256 characters.');
const clientNonce = z
  .string({ error: 'nonce is required.' })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'nonce must be 16-128 characters of A-Z, a-z, 0-9, _ or -.');

/** POST /api/client/validate (docs/licence-api.md). */
export const clientValidateBodySchema = z.strictObject({
  key: clientKey,
  hwid: clientHwid,
  product: z.string({ error: 'product is required.' }).trim().min(1).max(64),
  nonce: clientNonce,
  version: z.string().max(64).optional(),
});
export type ClientValidateBody = z.infer<typeof clientValidateBodySchema>;
/** Product variables (staff-edited, returned inside VALID answers): a JSON object of at most 4 KiB. */
export const PRODUCT_VARIABLES_MAX_BYTES = 4096;
export const productVariablesSchema = z
  .record(z.string(), z.unknown(), { error: 'Variables must be a JSON object.' })
  .refine(
    (value) =>
      new TextEncoder().encode(JSON.stringify(value)).length <= PRODUCT_VARIABLES_MAX_BYTES,
    `Variables must be at most ${PRODUCT_VARIABLES_MAX_BYTES} bytes of JSON.`,
  );

/**
 * The signed answer: X-Signature is Ed25519 over these exact bytes, keys in this order. Version 2
 * appends `hwid` (the request's, echoed), `licenceId` (null when the key matches no licence) and,
 * in VALID answers of a product that has some, `variables`.
 */
export const clientValidateResponseSchema = z.object({
  valid: z.boolean(),
  code: z.enum(LICENCE_CHECK_CODES),
  product: z.string(),
  expiresAt: z.string().nullable(),
  nonce: z.string(),
  serverTime: z.string(),
  hwid: z.string(),
  licenceId: z.string().nullable(),
  variables: z.record(z.string(), z.unknown()).optional(),
});
export type ClientValidateResponse = z.infer<typeof clientValidateResponseSchema>;

/** GET /api/client/settings?key=&hwid=&nonce= (send a nonce: without one the answer can be replayed). */
export const clientSettingsQuerySchema = z.strictObject({
  key: clientKey,
  hwid: clientHwid,
  nonce: clientNonce.optional(),
});
/**
 * Signed like validate; nonce echoes the query's (null when none was sent). Version 2 appends
 * `valid`, `code`, `hwid` and `licenceId`; a revoked licence answers (signed) `valid: false`,
 * `code: "REVOKED"` and `settings: null`.
 */
export const clientSettingsResponseSchema = z.object({
  product: z.string(),
  settings: licenceSettingsSchema.nullable(),
  nonce: z.string().nullable(),
  serverTime: z.string(),
  valid: z.boolean(),
  code: z.enum(['VALID', 'REVOKED']),
  hwid: z.string(),
  licenceId: z.string(),
});

/** Codes of an offline-token answer: the licence check's, and OFFLINE_DISABLED (offlineDays = 0). */
export const OFFLINE_TOKEN_CODES = [...LICENCE_CHECK_CODES, 'OFFLINE_DISABLED'] as const;
export type OfflineTokenCode = (typeof OFFLINE_TOKEN_CODES)[number];
/** POST /api/client/offline-token: the same body as validate. */
export const clientOfflineTokenBodySchema = clientValidateBodySchema;
/**
 * The signed offline token: the validate answer's fields, then `type: "offline-token"` and
 * `validUntil` = min(licence expiry, serverTime + offlineDays). Kept with its X-Signature, it lets
 * the tool start on this machine without the network until validUntil.
 */
export const clientOfflineTokenResponseSchema = z.object({
  valid: z.boolean(),
  code: z.enum(OFFLINE_TOKEN_CODES),
  product: z.string(),
  expiresAt: z.string().nullable(),
  nonce: z.string(),
  serverTime: z.string(),
  hwid: z.string(),
  licenceId: z.string().nullable(),
  variables: z.record(z.string(), z.unknown()).optional(),
  type: z.literal('offline-token'),
  validUntil: z.string().nullable(),
});

/**
 * GET /api/client/public-key: the key that verifies X-Signature, as an SPKI PEM (`publicKey`), as
 * the base64 of the raw 32 bytes (`raw`, what libsodium takes) and the lower-case hex SHA-256 of
 * those 32 bytes (`fingerprint`, what the admin panel shows and trust on first use prints).
 */
export const publicKeyResponseSchema = z.object({
  publicKey: z.string(),
  algorithm: z.literal('Ed25519'),
  raw: z.string(),
  fingerprint: z.string(),
});

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
