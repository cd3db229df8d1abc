import { z } from 'zod';
import { licenceSettingsSchema } from './licences';

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
