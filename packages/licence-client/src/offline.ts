import type { KeyObject } from 'node:crypto';
import {
  checkBindings,
  LicenceCheckError,
  parseSigned,
  signatureMatches,
  type LicenceAnswer,
} from './verify';

/**
 * An offline token as kept by the tool: the exact body of POST /api/client/offline-token's VALID
 * answer and its X-Signature. Store both as they are (e.g. as this JSON object in a file).
 */
export interface OfflineToken {
  body: string;
  signature: string;
}

/** A verified offline token: the answer's fields and until when it lets the tool start. */
export interface OfflineLicence extends LicenceAnswer {
  type: 'offline-token';
  validUntil: string;
}

export interface VerifyOfflineInput {
  token: OfflineToken;
  publicKey: KeyObject;
  /** This machine's HWID: a token of another machine is refused (BINDING_MISMATCH). */
  hwid: string;
  product: string;
  /** The licence id first seen for this key, if kept. */
  licenceId?: string;
  now: Date;
  /**
   * How far the local clock may be behind the token's serverTime (default 300 s): a clock set
   * back before the token was issued is refused (STALE_RESPONSE), so it cannot stretch validUntil.
   */
  maxSkewSeconds?: number;
}

/**
 * Verifies an offline token without the network: the signature over the stored bytes with the
 * pinned key, that it is an offline token (a validate answer is not one), VALID, for this product
 * and this machine (and licence), and that the local clock is between its serverTime and its
 * validUntil. Returns it, or throws LicenceCheckError (OFFLINE_EXPIRED once past validUntil).
 */
export function verifyOfflineToken(input: VerifyOfflineInput): OfflineLicence {
  const body = Buffer.from(input.token.body, 'utf8');
  if (!signatureMatches(body, input.token.signature, input.publicKey)) {
    throw new LicenceCheckError(
      'SIGNATURE_INVALID',
      'The offline token is not signed by the licence key: it was altered or forged.',
    );
  }
  const raw = parseSigned(body);
  if (
    raw.type !== 'offline-token' ||
    raw.valid !== true ||
    raw.code !== 'VALID' ||
    typeof raw.validUntil !== 'string' ||
    typeof raw.serverTime !== 'string' ||
    typeof raw.expiresAt !== 'string'
  ) {
    throw new LicenceCheckError('BAD_RESPONSE', 'This is not a valid offline token.');
  }
  if (raw.product !== input.product) {
    throw new LicenceCheckError('BAD_RESPONSE', 'The offline token is for another product.');
  }
  if (typeof raw.hwid !== 'string') {
    throw new LicenceCheckError('BAD_RESPONSE', 'The offline token names no machine.');
  }
  if (raw.hwid !== input.hwid) {
    throw new LicenceCheckError(
      'BINDING_MISMATCH',
      'The offline token is for another machine: check the licence online on this one.',
    );
  }
  checkBindings(raw, { licenceId: input.licenceId });
  const issued = Date.parse(raw.serverTime);
  const until = Date.parse(raw.validUntil);
  if (Number.isNaN(issued) || Number.isNaN(until)) {
    throw new LicenceCheckError('BAD_RESPONSE', 'The offline token has no valid dates.');
  }
  const now = input.now.getTime();
  if (now < issued - (input.maxSkewSeconds ?? 300) * 1000) {
    throw new LicenceCheckError(
      'STALE_RESPONSE',
      "This machine's clock is before the offline token was issued: fix the clock.",
    );
  }
  if (now >= until) {
    throw new LicenceCheckError(
      'OFFLINE_EXPIRED',
      `The offline token expired at ${raw.validUntil}: check the licence online.`,
    );
  }
  return raw as unknown as OfflineLicence;
}
