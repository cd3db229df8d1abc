import { randomBytes, type KeyObject } from 'node:crypto';
import { computeHwid } from './hwid';
import {
  checkFreshness,
  LicenceCheckError,
  parseSigned,
  signatureMatches,
  toPublicKey,
  verifyLicenceAnswer,
  type LicenceAnswer,
  type LicenceFailureReason,
} from './verify';

export { computeHwid, hwidFromFacts, machineFacts } from './hwid';
export {
  CLIENT_FAILURES,
  LicenceCheckError,
  SERVER_CODES,
  verifyLicenceAnswer,
  type ClientFailure,
  type LicenceAnswer,
  type LicenceFailureReason,
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
   * The server's Ed25519 public key (PEM or KeyObject). Pin it: without it the key is fetched from
   * the same server the answer comes from, so whoever can fake the server can fake the key too.
   */
  publicKey?: string | KeyObject;
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
    return toPublicKey(String(parsed.publicKey));
  } catch {
    throw new LicenceCheckError('BAD_RESPONSE', 'The server did not give an Ed25519 public key.');
  }
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
  SIGNATURE_INVALID: '',
  NONCE_MISMATCH: '',
  STALE_RESPONSE: '',
  NETWORK: '',
  BAD_RESPONSE: '',
};

/**
 * Checks the licence of this machine: sends a fresh nonce, verifies the signed answer (signature,
 * nonce, product, freshness) and resolves only for VALID. Every other outcome throws a
 * LicenceCheckError whose `reason` is the server's code or the client's own failure.
 */
export async function checkLicence(opts: CheckOptions): Promise<LicenceCheckResult> {
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const publicKey = opts.publicKey
    ? toPublicKey(opts.publicKey)
    : await fetchPublicKey(opts.server, { fetch: fetchImpl, timeoutMs });
  const hwid = opts.hwid ?? computeHwid();
  const nonce = newNonce();
  const res = await request(
    fetchImpl,
    `${baseUrl(opts.server)}/api/client/validate`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        key: opts.key,
        hwid,
        product: opts.product,
        nonce,
        ...(opts.version ? { version: opts.version } : {}),
      }),
    },
    timeoutMs,
  );
  if (res.status !== 200) throw httpFailure(res.status, res.body);
  const answer = verifyLicenceAnswer({
    body: res.body,
    signature: res.signature,
    publicKey,
    nonce,
    product: opts.product,
    maxSkewSeconds: opts.maxSkewSeconds ?? 300,
    now: opts.now?.() ?? new Date(),
  });
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
  const publicKey = opts.publicKey
    ? toPublicKey(opts.publicKey)
    : await fetchPublicKey(opts.server, { fetch: fetchImpl, timeoutMs });
  const nonce = newNonce();
  const query = new URLSearchParams({ key: opts.key, hwid: opts.hwid ?? computeHwid(), nonce });
  const res = await request(
    fetchImpl,
    `${baseUrl(opts.server)}/api/client/settings?${query}`,
    {},
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
  checkFreshness(raw.serverTime, opts.now?.() ?? new Date(), opts.maxSkewSeconds ?? 300);
  if (typeof raw.product !== 'string' || !raw.settings || typeof raw.settings !== 'object') {
    throw new LicenceCheckError(
      'BAD_RESPONSE',
      'The settings answer does not have the expected fields.',
    );
  }
  return { product: raw.product, settings: raw.settings as Record<string, unknown> };
}
