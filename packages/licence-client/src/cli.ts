import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  checkLicence,
  computeHwid,
  computePortableHwid,
  fetchOfflineToken,
  hwidFromMachineId,
  LicenceCheckError,
  toPublicKey,
  trustOnFirstUse,
  verifyOfflineToken,
  type LicenceFailureReason,
  type OfflineToken,
} from './index';

const USAGE = `Usage:
  stellar-licence check --server URL --key KEY --product SLUG --public-key FILE
                        [--trust-on-first-use] [--hwid HWID | --portable-hwid] [--state FILE]
                        [--max-skew SECONDS] [--json]
  stellar-licence offline-token --server URL --key KEY --product SLUG --public-key FILE --out FILE
                        [--trust-on-first-use] [--hwid HWID | --portable-hwid] [--state FILE] [--json]
  stellar-licence check-offline --token FILE --product SLUG --public-key FILE
                        [--hwid HWID | --portable-hwid] [--key KEY --state FILE] [--json]
  stellar-licence hwid [--portable] [--machine-id ID]

--public-key FILE is required: the pinned key (PEM, or the base64 of the raw 32 bytes) shipped with
the tool. With --trust-on-first-use and no FILE yet, the key is downloaded once, its SHA-256
fingerprint printed, and stored in FILE.

Exit codes: 0 licence valid; 1 refused (KEY_INVALID, PRODUCT_MISMATCH, BANNED, REVOKED, EXPIRED,
HWID_MISMATCH, OFFLINE_DISABLED, OFFLINE_EXPIRED); 2 answer not trusted (SIGNATURE_INVALID,
NONCE_MISMATCH, BINDING_MISMATCH, STALE_RESPONSE, BAD_RESPONSE); 3 server unreachable (NETWORK);
64 bad usage (including: no pinned public key).`;

const EXIT: Record<LicenceFailureReason, number> = {
  KEY_INVALID: 1,
  PRODUCT_MISMATCH: 1,
  BANNED: 1,
  REVOKED: 1,
  EXPIRED: 1,
  HWID_MISMATCH: 1,
  OFFLINE_DISABLED: 1,
  OFFLINE_EXPIRED: 1,
  SIGNATURE_INVALID: 2,
  NONCE_MISMATCH: 2,
  BINDING_MISMATCH: 2,
  STALE_RESPONSE: 2,
  BAD_RESPONSE: 2,
  NETWORK: 3,
};

class UsageError extends Error {}

const OPTIONS = {
  server: { type: 'string' },
  key: { type: 'string' },
  product: { type: 'string' },
  hwid: { type: 'string' },
  'portable-hwid': { type: 'boolean', default: false },
  'public-key': { type: 'string' },
  'trust-on-first-use': { type: 'boolean', default: false },
  state: { type: 'string' },
  'max-skew': { type: 'string' },
  out: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

function requireOptions(values: Values, names: (keyof Values)[]) {
  for (const name of names) if (!values[name]) throw new UsageError(`--${name} is required.`);
}

/** The pinned key: the file, or (with --trust-on-first-use and no file yet) downloaded once. */
async function pinnedKey(values: Values, online: boolean) {
  const file = values['public-key'];
  if (!file) {
    throw new UsageError(
      'A pinned public key is required: --public-key FILE (the PEM or raw key your seller ships), ' +
        'or --public-key FILE --trust-on-first-use to download it once and store it.',
    );
  }
  if (!existsSync(file)) {
    if (!values['trust-on-first-use'] || !online) {
      throw new UsageError(
        `No public key at ${file} (add --trust-on-first-use to fetch and store it once).`,
      );
    }
    const trusted = await trustOnFirstUse(values.server!, file);
    process.stderr.write(
      `Trusted on first use: public key SHA-256 fingerprint ${trusted.fingerprint} saved to ${file}. ` +
        'Compare it with the fingerprint your seller publishes.\n',
    );
    return trusted.publicKey;
  }
  try {
    return toPublicKey(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`Cannot read the public key ${file}: ${(err as Error).message}`);
  }
}

function hwidOf(values: Values): string {
  if (values.hwid !== undefined) {
    if (values.hwid.length < 8 || values.hwid.length > 256) {
      throw new UsageError('--hwid must be 8-256 characters.');
    }
    return values.hwid;
  }
  if (values['portable-hwid']) {
    try {
      return computePortableHwid();
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }
  return computeHwid();
}

/** Where the licence id first seen for each key is kept (default: beside the public key). */
const stateFile = (values: Values) =>
  values.state ??
  path.join(path.dirname(path.resolve(values['public-key'] ?? '.')), 'licence-state.json');

function loadState(file: string): { licences: Record<string, string> } {
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as { licences?: unknown };
    if (state.licences && typeof state.licences === 'object') {
      return { licences: state.licences as Record<string, string> };
    }
  } catch {
    // No state yet.
  }
  return { licences: {} };
}

function remember(file: string, key: string, licenceId: string | null) {
  if (!licenceId) return;
  const state = loadState(file);
  if (state.licences[key]) return;
  state.licences[key] = licenceId;
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}

function maxSkew(values: Values): number {
  const seconds = values['max-skew'] === undefined ? 300 : Number(values['max-skew']);
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new UsageError('--max-skew must be a number of seconds.');
  }
  return seconds;
}

function printer(values: Values) {
  return (line: string, data: object, toError: boolean) => {
    const text = values.json ? JSON.stringify(data) : line;
    (toError ? process.stderr : process.stdout).write(`${text}\n`);
  };
}

/** Prints a failure; returns its exit code (other errors propagate). */
function failed(values: Values, err: unknown): number {
  if (!(err instanceof LicenceCheckError)) throw err;
  const expiry =
    err.answer?.expiresAt && err.reason === 'EXPIRED' ? ` (${err.answer.expiresAt})` : '';
  printer(values)(
    `${err.reason}: ${err.message}${expiry}`,
    { ok: false, code: err.reason, message: err.message, expiresAt: err.answer?.expiresAt ?? null },
    true,
  );
  return EXIT[err.reason];
}

async function check(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: OPTIONS });
  requireOptions(values, ['server', 'key', 'product']);
  const maxSkewSeconds = maxSkew(values);
  const hwid = hwidOf(values);
  try {
    const publicKey = await pinnedKey(values, true);
    const state = stateFile(values);
    const result = await checkLicence({
      server: values.server!,
      key: values.key!,
      product: values.product!,
      hwid,
      publicKey,
      licenceId: loadState(state).licences[values.key!],
      maxSkewSeconds,
    });
    remember(state, values.key!, result.licenceId);
    const variables = Object.keys(result.variables).length
      ? `\nvariables: ${JSON.stringify(result.variables)}`
      : '';
    printer(values)(
      `VALID: ${result.product} licence valid until ${result.expiresAt.toISOString()} ` +
        `for machine ${result.hwid.slice(0, 12)}...${variables}`,
      {
        ok: true,
        code: 'VALID',
        product: result.product,
        expiresAt: result.expiresAt,
        hwid: result.hwid,
        licenceId: result.licenceId,
        variables: result.variables,
      },
      false,
    );
    return 0;
  } catch (err) {
    return failed(values, err);
  }
}

async function offlineToken(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: OPTIONS });
  requireOptions(values, ['server', 'key', 'product', 'out']);
  const hwid = hwidOf(values);
  try {
    const publicKey = await pinnedKey(values, true);
    const state = stateFile(values);
    const { token, validUntil, answer } = await fetchOfflineToken({
      server: values.server!,
      key: values.key!,
      product: values.product!,
      hwid,
      publicKey,
      licenceId: loadState(state).licences[values.key!],
      maxSkewSeconds: maxSkew(values),
    });
    remember(state, values.key!, answer.licenceId ?? null);
    writeFileSync(values.out!, JSON.stringify(token));
    printer(values)(
      `OFFLINE TOKEN: ${answer.product} may start offline on machine ${hwid.slice(0, 12)}... ` +
        `until ${validUntil.toISOString()} (saved to ${values.out})`,
      { ok: true, code: 'VALID', product: answer.product, validUntil, hwid, file: values.out },
      false,
    );
    return 0;
  } catch (err) {
    return failed(values, err);
  }
}

async function checkOffline(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: OPTIONS });
  requireOptions(values, ['token', 'product']);
  const hwid = hwidOf(values);
  const publicKey = await pinnedKey(values, false);
  let token: OfflineToken;
  try {
    token = JSON.parse(readFileSync(values.token!, 'utf8')) as OfflineToken;
    if (typeof token.body !== 'string' || typeof token.signature !== 'string') throw new Error();
  } catch {
    throw new UsageError(`Cannot read the offline token ${values.token}.`);
  }
  try {
    const licence = verifyOfflineToken({
      token,
      publicKey,
      hwid,
      product: values.product!,
      licenceId: values.key ? loadState(stateFile(values)).licences[values.key] : undefined,
      now: new Date(),
    });
    printer(values)(
      `VALID (offline): ${licence.product} may start on machine ${hwid.slice(0, 12)}... until ` +
        `${licence.validUntil}`,
      { ok: true, code: 'VALID', product: licence.product, validUntil: licence.validUntil, hwid },
      false,
    );
    return 0;
  } catch (err) {
    return failed(values, err);
  }
}

function hwid(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: { portable: { type: 'boolean', default: false }, 'machine-id': { type: 'string' } },
  });
  if (values['machine-id'] !== undefined) {
    process.stdout.write(`${hwidFromMachineId(values['machine-id'])}\n`);
    return 0;
  }
  if (values.portable) {
    try {
      process.stdout.write(`${computePortableHwid()}\n`);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    return 0;
  }
  process.stdout.write(`${computeHwid()}\n`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'check') return await check(rest);
    if (command === 'offline-token') return await offlineToken(rest);
    if (command === 'check-offline') return await checkOffline(rest);
    if (command === 'hwid') return hwid(rest);
    if (command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    throw new UsageError(command ? `Unknown command: ${command}` : 'No command given.');
  } catch (err) {
    if (
      err instanceof UsageError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
      return 64;
    }
    throw err;
  }
}

process.exitCode = await main(process.argv.slice(2));
