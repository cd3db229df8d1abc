import { createPublicKey, verify, type KeyObject } from 'node:crypto';

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
  'STALE_RESPONSE',
  'NETWORK',
  'BAD_RESPONSE',
] as const;
export type ClientFailure = (typeof CLIENT_FAILURES)[number];
export type LicenceFailureReason = Exclude<ServerCode, 'VALID'> | ClientFailure;

/** The validate answer, as signed by the server. */
export interface LicenceAnswer {
  valid: boolean;
  code: ServerCode;
  product: string;
  expiresAt: string | null;
  nonce: string;
  serverTime: string;
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

/** An Ed25519 public key from PEM text or a KeyObject; anything else is refused. */
export function toPublicKey(key: string | KeyObject): KeyObject {
  const object = typeof key === 'string' ? createPublicKey(key) : key;
  if (object.asymmetricKeyType !== 'ed25519') {
    throw new TypeError('The licence public key must be an Ed25519 key.');
  }
  return object;
}

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
  maxSkewSeconds: number;
  now: Date;
}

/**
 * Checks a validate answer in the order that keeps forged data out: signature over the exact
 * bytes, then shape, nonce (no replay), product, and time (no stale answer). Returns the answer,
 * whatever its code; throws LicenceCheckError when it cannot be trusted.
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
    (raw.expiresAt !== null && typeof raw.expiresAt !== 'string')
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
  checkFreshness(raw.serverTime, input.now, input.maxSkewSeconds);
  return {
    valid: raw.valid,
    code,
    product: raw.product,
    expiresAt: raw.expiresAt as string | null,
    nonce: raw.nonce,
    serverTime: raw.serverTime as string,
  };
}
