import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

/** Codes the server answers with (signed). */
export const SERVER_CODES = [
  'VALID',
  'KEY_INVALID',
  'PRODUCT_MISMATCH',
  'BANNED',
  'REVOKED',
  'EXPIRED',
  'HWID_MISMATCH',
] as const;
export type ServerCode = (typeof SERVER_CODES)[number];

/** Failures the client detects itself: the answer cannot be trusted or never arrived. */
export const CLIENT_FAILURES = [
  'SIGNATURE_INVALID',
  'NONCE_MISMATCH',
  'BINDING_MISMATCH',
  'STALE_RESPONSE',
  'NETWORK',
  'BAD_RESPONSE',
] as const;
export type ClientFailure = (typeof CLIENT_FAILURES)[number];
/** Failures of an offline token (verifyOfflineToken), besides the shared ones above. */
export const OFFLINE_FAILURES = ['OFFLINE_DISABLED', 'OFFLINE_EXPIRED'] as const;
export type OfflineFailure = (typeof OFFLINE_FAILURES)[number];
export type LicenceFailureReason = Exclude<ServerCode, 'VALID'> | ClientFailure | OfflineFailure;

/**
 * The validate answer, as signed by the server. `hwid` and `licenceId` come with servers of
 * licence check version 2 (absent from older answers); `variables` with VALID answers of a
 * product that has some.
 */
export interface LicenceAnswer {
  valid: boolean;
  code: ServerCode;
  product: string;
  expiresAt: string | null;
  nonce: string;
  serverTime: string;
  hwid?: string;
  licenceId?: string | null;
  variables?: Record<string, unknown>;
}

/** Why a licence check did not end in VALID; `answer` is set when the server's answer was trusted. */
export class LicenceCheckError extends Error {
  constructor(
    readonly reason: LicenceFailureReason,
    message: string,
    readonly answer?: LicenceAnswer,
  ) {
    super(message);
    this.name = 'LicenceCheckError';
  }
}

/** The 12 bytes that turn a raw Ed25519 key into an SPKI DER (RFC 8410). */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * An Ed25519 public key from an SPKI PEM, the base64 of the raw 32 bytes (the public key
 * endpoint's `raw`), or a KeyObject; anything else is refused.
 */
export function toPublicKey(key: string | KeyObject): KeyObject {
  let object: KeyObject;
  if (typeof key !== 'string') object = key;
  else if (key.includes('-----BEGIN')) object = createPublicKey(key);
  else {
    const raw = Buffer.from(key.trim(), 'base64');
    if (raw.length !== 32 || !/^[A-Za-z0-9+/]+={0,2}$/.test(key.trim())) {
      throw new TypeError('The licence public key must be an Ed25519 key.');
    }
    object = createPublicKey({
      key: Buffer.concat([SPKI_ED25519_PREFIX, raw]),
      format: 'der',
      type: 'spki',
    });
  }
  if (object.asymmetricKeyType !== 'ed25519') {
    throw new TypeError('The licence public key must be an Ed25519 key.');
  }
  return object;
}

/** The raw 32 bytes of an Ed25519 public key. */
export const rawPublicKey = (key: KeyObject): Buffer =>
  key.export({ format: 'der', type: 'spki' }).subarray(-32);

/** SHA-256 (lower-case hex) of the raw 32-byte key: the `fingerprint` the server and admin panel show. */
export const publicKeyFingerprint = (key: KeyObject): string =>
  createHash('sha256').update(rawPublicKey(key)).digest('hex');

/** True when `signature` (base64) is a valid Ed25519 signature of exactly `body`. */
export function signatureMatches(
  body: Uint8Array,
  signature: string | null | undefined,
  publicKey: KeyObject,
): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify(null, body, publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** Parses signed bytes as a JSON object (after the signature was checked). */
export function parseSigned(body: Uint8Array): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    throw new LicenceCheckError('BAD_RESPONSE', 'The server answer is not JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new LicenceCheckError('BAD_RESPONSE', 'The server answer is not a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

/** Throws STALE_RESPONSE unless serverTime is within maxSkewSeconds of the local clock. */
export function checkFreshness(serverTime: unknown, now: Date, maxSkewSeconds: number): Date {
  const time = typeof serverTime === 'string' ? new Date(serverTime) : new Date(NaN);
  if (Number.isNaN(time.getTime())) {
    throw new LicenceCheckError('BAD_RESPONSE', 'The server answer has no valid serverTime.');
  }
  const skew = Math.abs(now.getTime() - time.getTime()) / 1000;
  if (skew > maxSkewSeconds) {
    throw new LicenceCheckError(
      'STALE_RESPONSE',
      `The server answer is ${Math.round(skew)} s away from this machine's clock ` +
        `(at most ${maxSkewSeconds} s allowed): a replayed answer, or a wrong clock.`,
    );
  }
  return time;
}

export interface VerifyInput {
  /** The exact bytes of the response body. */
  body: Uint8Array;
  /** The X-Signature header. */
  signature: string | null | undefined;
  publicKey: KeyObject;
  /** The nonce this request sent. */
  nonce: string;
  /** The product slug this request asked about. */
  product: string;
  /** The HWID this request sent: an answer naming another one is refused (BINDING_MISMATCH). */
  hwid?: string;
  /** The licence id first seen for this key, if kept: an answer naming another one is refused. */
  licenceId?: string;
  maxSkewSeconds: number;
  now: Date;
}

/**
 * Version 2 bindings: the answer is about the machine this request named and the licence this key
 * was first seen with. A relay that rewrites the request's hwid (or key) gets a genuine, signed
 * answer about another machine (or licence), which must not pass. Answers of older servers carry
 * neither field and pass.
 */
export function checkBindings(
  raw: Record<string, unknown>,
  expected: { hwid?: string; licenceId?: string },
): void {
  if ('hwid' in raw && expected.hwid !== undefined && raw.hwid !== expected.hwid) {
    throw new LicenceCheckError(
      'BINDING_MISMATCH',
      'The server answer is about another machine (hwid mismatch): a relayed request.',
    );
  }
  const licenceId = raw.licenceId;
  if (
    licenceId !== undefined &&
    licenceId !== null &&
    expected.licenceId !== undefined &&
    licenceId !== expected.licenceId
  ) {
    throw new LicenceCheckError(
      'BINDING_MISMATCH',
      'The server answer is about another licence (licenceId mismatch): a relayed request.',
    );
  }
}

/**
 * Checks a validate answer in the order that keeps forged data out: signature over the exact
 * bytes, then shape, nonce (no replay), product, bindings (hwid and licenceId, no relay), and time
 * (no stale answer). Returns the answer, whatever its code; throws LicenceCheckError when it
 * cannot be trusted.
 */
export function verifyLicenceAnswer(input: VerifyInput): LicenceAnswer {
  if (!signatureMatches(input.body, input.signature, input.publicKey)) {
    throw new LicenceCheckError(
      'SIGNATURE_INVALID',
      'The server answer is not signed by the licence key: it was altered or forged.',
    );
  }
  const raw = parseSigned(input.body);
  const code = raw.code as ServerCode;
  if (
    typeof raw.valid !== 'boolean' ||
    !SERVER_CODES.includes(code) ||
    raw.valid !== (code === 'VALID') ||
    typeof raw.product !== 'string' ||
    typeof raw.nonce !== 'string' ||
    (raw.expiresAt !== null && typeof raw.expiresAt !== 'string') ||
    ('hwid' in raw && typeof raw.hwid !== 'string') ||
    ('licenceId' in raw && raw.licenceId !== null && typeof raw.licenceId !== 'string') ||
    ('variables' in raw &&
      (!raw.variables || typeof raw.variables !== 'object' || Array.isArray(raw.variables)))
  ) {
    throw new LicenceCheckError(
      'BAD_RESPONSE',
      'The server answer does not have the expected fields.',
    );
  }
  if (raw.nonce !== input.nonce) {
    throw new LicenceCheckError(
      'NONCE_MISMATCH',
      'The server answer is for another request (nonce mismatch): a replayed answer.',
    );
  }
  if (raw.product !== input.product) {
    throw new LicenceCheckError('BAD_RESPONSE', 'The server answer is about another product.');
  }
  checkBindings(raw, input);
  checkFreshness(raw.serverTime, input.now, input.maxSkewSeconds);
  return {
    valid: raw.valid,
    code,
    product: raw.product,
    expiresAt: raw.expiresAt as string | null,
    nonce: raw.nonce,
    serverTime: raw.serverTime as string,
    ...('hwid' in raw ? { hwid: raw.hwid as string } : {}),
    ...('licenceId' in raw ? { licenceId: raw.licenceId as string | null } : {}),
    ...('variables' in raw ? { variables: raw.variables as Record<string, unknown> } : {}),
  };
}
