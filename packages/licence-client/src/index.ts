import { randomBytes, type KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { computeHwid } from './hwid';
import type { OfflineToken } from './offline';
import {
  checkBindings,
  checkFreshness,
  LicenceCheckError,
  parseSigned,
  publicKeyFingerprint,
  rawPublicKey,
  signatureMatches,
  toPublicKey,
  verifyLicenceAnswer,
  type LicenceAnswer,
  type LicenceFailureReason,
} from './verify';

export {
  computeHwid,
  computePortableHwid,
  hwidFromFacts,
  hwidFromMachineId,
  machineFacts,
  PORTABLE_RECIPE,
} from './hwid';
export {
  verifyOfflineToken,
  type OfflineLicence,
  type OfflineToken,
  type VerifyOfflineInput,
} from './offline';
export {
  CLIENT_FAILURES,
  LicenceCheckError,
  OFFLINE_FAILURES,
  publicKeyFingerprint,
  rawPublicKey,
  SERVER_CODES,
  toPublicKey,
  verifyLicenceAnswer,
  type ClientFailure,
  type LicenceAnswer,
  type LicenceFailureReason,
  type OfflineFailure,
  type ServerCode,
  type VerifyInput,
} from './verify';

type Fetch = typeof globalThis.fetch;

export interface CheckOptions {
  /** Base URL of the Stellar server, e.g. https://stellar.example. */
  server: string;
  /** The licence's own licence key, as the member's dashboard shows it (not a voucher key). */
  key: string;
  /** The product slug, e.g. "stellar-launcher". */
  product: string;
  /** Defaults to computeHwid() of this machine. */
  hwid?: string;
  /**
   * The server's Ed25519 public key, pinned: PEM, base64 of the raw 32 bytes, or a KeyObject.
   * Required: a key fetched from the server that answers proves nothing (whoever can fake the
   * server can fake the key too). See trustOnFirstUse() to obtain it once.
   */
  publicKey: string | KeyObject;
  /**
   * The licence id this key was first seen with (`licenceId` of an earlier VALID result), if the
   * tool keeps it: an answer about another licence is then refused (BINDING_MISMATCH).
   */
  licenceId?: string;
  /** Largest accepted distance between serverTime and this machine's clock. Default 300. */
  maxSkewSeconds?: number;
  /** Tool version, sent for the server's logs. */
  version?: string;
  timeoutMs?: number;
  fetch?: Fetch;
  /** The local clock (tests). */
  now?: () => Date;
}

/** A trusted VALID answer. */
export interface LicenceCheckResult {
  valid: true;
  code: 'VALID';
  product: string;
  hwid: string;
  expiresAt: Date;
  serverTime: Date;
  /** The licence's id (servers of version 2; keep it and pass it as `licenceId` next time). */
  licenceId: string | null;
  /** The product's variables (version 2), {} when none. */
  variables: Record<string, unknown>;
  answer: LicenceAnswer;
}

const baseUrl = (server: string) => server.replace(/\/+$/, '');

async function request(
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; body: Uint8Array; signature: string | null }> {
  let res: Response;
  let body: Uint8Array;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    body = new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    throw new LicenceCheckError(
      'NETWORK',
      `Cannot reach the licence server (${(err as Error).cause ?? (err as Error).message}).`,
    );
  }
  return { status: res.status, body, signature: res.headers.get('x-signature') };
}

function httpFailure(status: number, body: Uint8Array): LicenceCheckError {
  let message = '';
  try {
    message = String(
      (JSON.parse(Buffer.from(body).toString('utf8')) as { message?: unknown }).message ?? '',
    );
  } catch {
    // Not our JSON error body (a proxy's page, say): the status says enough.
  }
  return new LicenceCheckError(
    'BAD_RESPONSE',
    `The licence server answered HTTP ${status}${message ? `: ${message}` : '.'}`,
  );
}

/** Downloads the server's public key (GET /api/client/public-key). Prefer a pinned copy. */
export async function fetchPublicKey(
  server: string,
  opts: { fetch?: Fetch; timeoutMs?: number } = {},
): Promise<KeyObject> {
  const res = await request(
    opts.fetch ?? globalThis.fetch,
    `${baseUrl(server)}/api/client/public-key`,
    {},
    opts.timeoutMs ?? 10_000,
  );
  if (res.status !== 200) throw httpFailure(res.status, res.body);
  const parsed = parseSigned(res.body);
  try {
    if (parsed.algorithm !== 'Ed25519') throw new Error('not Ed25519');
    const key = toPublicKey(String(parsed.publicKey));
    // Version 2 also gives the raw key and its fingerprint: they must agree with the PEM.
    if ('raw' in parsed && parsed.raw !== rawPublicKey(key).toString('base64')) {
      throw new Error('raw differs');
    }
    if ('fingerprint' in parsed && parsed.fingerprint !== publicKeyFingerprint(key)) {
      throw new Error('fingerprint differs');
    }
    return key;
  } catch {
    throw new LicenceCheckError('BAD_RESPONSE', 'The server did not give an Ed25519 public key.');
  }
}

/**
 * Reads the pinned public key from `file`; when the file does not exist, downloads the key ONCE
 * from the server, stores it there (never overwriting a file) and returns it with `fingerprint`
 * set, for the caller to show: the user compares it with the one the seller publishes.
 */
export async function trustOnFirstUse(
  server: string,
  file: string,
  opts: { fetch?: Fetch; timeoutMs?: number } = {},
): Promise<{ publicKey: KeyObject; fingerprint: string; downloaded: boolean }> {
  let text: string | null = null;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (text !== null) {
    const publicKey = toPublicKey(text);
    return { publicKey, fingerprint: publicKeyFingerprint(publicKey), downloaded: false };
  }
  const publicKey = await fetchPublicKey(server, opts);
  writeFileSync(file, publicKey.export({ format: 'pem', type: 'spki' }), { flag: 'wx' });
  return { publicKey, fingerprint: publicKeyFingerprint(publicKey), downloaded: true };
}

function pinnedKey(publicKey: string | KeyObject | undefined): KeyObject {
  if (!publicKey) {
    throw new TypeError(
      'A pinned public key is required (publicKey): ship it with the tool, or obtain it once with trustOnFirstUse().',
    );
  }
  return toPublicKey(publicKey);
}

const newNonce = () => randomBytes(24).toString('base64url');

const REFUSALS: Record<LicenceFailureReason, string> = {
  KEY_INVALID:
    'not a licence key: use the licence key from your dashboard (voucher keys are redeemed on the site)',
  PRODUCT_MISMATCH: 'the key is for another product',
  BANNED: 'the account that owns this licence is banned',
  REVOKED: 'the licence has been revoked',
  EXPIRED: 'the licence has expired',
  HWID_MISMATCH: 'the licence is bound to another machine (reset the HWID from the dashboard)',
  OFFLINE_DISABLED: 'the shop does not issue offline tokens',
  OFFLINE_EXPIRED: '',
  SIGNATURE_INVALID: '',
  NONCE_MISMATCH: '',
  BINDING_MISMATCH: '',
  STALE_RESPONSE: '',
  NETWORK: '',
  BAD_RESPONSE: '',
};

/** Signed answers must arrive as the server sent them: no compression, no re-encoding. */
const JSON_HEADERS = { 'content-type': 'application/json', 'accept-encoding': 'identity' };

/**
 * POSTs a licence check request (validate or offline-token) for this machine with a fresh nonce;
 * throws on a network failure or a status other than 200. `verify()` checks the signed answer
 * against what was sent: signature, nonce, product, bindings (hwid, licenceId) and freshness.
 */
async function postCheck(opts: CheckOptions, path: string, extra: Record<string, string>) {
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const publicKey = pinnedKey(opts.publicKey);
  const hwid = opts.hwid ?? computeHwid();
  const nonce = newNonce();
  const res = await request(
    fetchImpl,
    `${baseUrl(opts.server)}${path}`,
    {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ key: opts.key, hwid, product: opts.product, nonce, ...extra }),
    },
    timeoutMs,
  );
  if (res.status !== 200) throw httpFailure(res.status, res.body);
  const verify = () =>
    verifyLicenceAnswer({
      body: res.body,
      signature: res.signature,
      publicKey,
      nonce,
      product: opts.product,
      hwid,
      licenceId: opts.licenceId,
      maxSkewSeconds: opts.maxSkewSeconds ?? 300,
      now: opts.now?.() ?? new Date(),
    });
  return { res, publicKey, hwid, nonce, verify };
}

/**
 * Checks the licence of this machine: sends a fresh nonce, verifies the signed answer (signature,
 * nonce, product, bindings, freshness) and resolves only for VALID. Every other outcome throws a
 * LicenceCheckError whose `reason` is the server's code or the client's own failure.
 */
export async function checkLicence(opts: CheckOptions): Promise<LicenceCheckResult> {
  const { hwid, verify } = await postCheck(
    opts,
    '/api/client/validate',
    opts.version ? { version: opts.version } : {},
  );
  const answer = verify();
  if (answer.code !== 'VALID' || !answer.expiresAt) {
    const reason = answer.code === 'VALID' ? 'BAD_RESPONSE' : answer.code;
    throw new LicenceCheckError(reason, REFUSALS[reason] || 'the answer has no expiry', answer);
  }
  return {
    valid: true,
    code: 'VALID',
    product: answer.product,
    hwid,
    expiresAt: new Date(answer.expiresAt),
    serverTime: new Date(answer.serverTime),
    licenceId: answer.licenceId ?? null,
    variables: answer.variables ?? {},
    answer,
  };
}

/**
 * Asks for an offline token (POST /api/client/offline-token): verified like a licence check, and
 * resolves only for a VALID token, with the exact bytes and signature to store. Later, without the
 * network, verifyOfflineToken() lets the tool start on this machine until `validUntil`.
 */
export async function fetchOfflineToken(
  opts: CheckOptions,
): Promise<{ token: OfflineToken; validUntil: Date; answer: LicenceAnswer }> {
  const { res, publicKey, nonce, verify } = await postCheck(opts, '/api/client/offline-token', {});
  const raw = signatureMatches(res.body, res.signature, publicKey) ? parseSigned(res.body) : null;
  if (raw?.code === 'OFFLINE_DISABLED' && raw.nonce === nonce) {
    throw new LicenceCheckError('OFFLINE_DISABLED', REFUSALS.OFFLINE_DISABLED);
  }
  const answer = verify();
  if (answer.code !== 'VALID') {
    throw new LicenceCheckError(answer.code, REFUSALS[answer.code], answer);
  }
  const validUntil = new Date(String(raw?.validUntil));
  if (raw?.type !== 'offline-token' || Number.isNaN(validUntil.getTime())) {
    throw new LicenceCheckError('BAD_RESPONSE', 'The server answer is not an offline token.');
  }
  return {
    token: { body: Buffer.from(res.body).toString('utf8'), signature: res.signature! },
    validUntil,
    answer,
  };
}

/**
 * Downloads the licence's settings JSON (GET /api/client/settings), signed like validate: only
 * for the machine the licence is bound to, and only when the shop allows settings access.
 */
export async function fetchLicenceSettings(
  opts: Omit<CheckOptions, 'product' | 'version'>,
): Promise<{ product: string; settings: Record<string, unknown> }> {
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const publicKey = pinnedKey(opts.publicKey);
  const nonce = newNonce();
  const hwid = opts.hwid ?? computeHwid();
  const query = new URLSearchParams({ key: opts.key, hwid, nonce });
  const res = await request(
    fetchImpl,
    `${baseUrl(opts.server)}/api/client/settings?${query}`,
    { headers: { 'accept-encoding': 'identity' } },
    timeoutMs,
  );
  if (res.status !== 200) throw httpFailure(res.status, res.body);
  if (!signatureMatches(res.body, res.signature, publicKey)) {
    throw new LicenceCheckError(
      'SIGNATURE_INVALID',
      'The settings answer is not signed by the licence key.',
    );
  }
  const raw = parseSigned(res.body);
  if (raw.nonce !== nonce) {
    throw new LicenceCheckError('NONCE_MISMATCH', 'The settings answer is for another request.');
  }
  checkBindings(raw, { hwid, licenceId: opts.licenceId });
  checkFreshness(raw.serverTime, opts.now?.() ?? new Date(), opts.maxSkewSeconds ?? 300);
  if (raw.code === 'REVOKED' && raw.valid === false) {
    throw new LicenceCheckError('REVOKED', REFUSALS.REVOKED);
  }
  if (typeof raw.product !== 'string' || !raw.settings || typeof raw.settings !== 'object') {
    throw new LicenceCheckError(
      'BAD_RESPONSE',
      'The settings answer does not have the expected fields.',
    );
  }
  return { product: raw.product, settings: raw.settings as Record<string, unknown> };
}
