import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkLicence, computeHwid, LicenceCheckError, type LicenceFailureReason } from './index';

const USAGE = `Usage:
  stellar-licence check --server URL --key KEY --product SLUG [--hwid HWID] [--public-key FILE]
                        [--max-skew SECONDS] [--json]
  stellar-licence hwid

Exit codes: 0 licence valid; 1 refused by the server (KEY_INVALID, PRODUCT_MISMATCH, BANNED,
EXPIRED, HWID_MISMATCH); 2 answer not trusted (SIGNATURE_INVALID, NONCE_MISMATCH, STALE_RESPONSE,
BAD_RESPONSE); 3 server unreachable (NETWORK); 64 bad usage.`;

const EXIT: Record<LicenceFailureReason, number> = {
  KEY_INVALID: 1,
  PRODUCT_MISMATCH: 1,
  BANNED: 1,
  REVOKED: 1,
  EXPIRED: 1,
  HWID_MISMATCH: 1,
  SIGNATURE_INVALID: 2,
  NONCE_MISMATCH: 2,
  STALE_RESPONSE: 2,
  BAD_RESPONSE: 2,
  NETWORK: 3,
};

class UsageError extends Error {}

async function check(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      key: { type: 'string' },
      product: { type: 'string' },
      hwid: { type: 'string' },
      'public-key': { type: 'string' },
      'max-skew': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  for (const name of ['server', 'key', 'product'] as const) {
    if (!values[name]) throw new UsageError(`--${name} is required.`);
  }
  const maxSkewSeconds = values['max-skew'] === undefined ? 300 : Number(values['max-skew']);
  if (!Number.isFinite(maxSkewSeconds) || maxSkewSeconds < 0) {
    throw new UsageError('--max-skew must be a number of seconds.');
  }
  let publicKey: string | undefined;
  if (values['public-key']) {
    try {
      publicKey = readFileSync(values['public-key'], 'utf8');
    } catch (err) {
      throw new UsageError(`Cannot read --public-key: ${(err as Error).message}`);
    }
  }
  const print = (line: string, data: object, toError: boolean) => {
    const text = values.json ? JSON.stringify(data) : line;
    (toError ? process.stderr : process.stdout).write(`${text}\n`);
  };
  try {
    const result = await checkLicence({
      server: values.server!,
      key: values.key!,
      product: values.product!,
      hwid: values.hwid,
      publicKey,
      maxSkewSeconds,
    });
    print(
      `VALID: ${result.product} licence valid until ${result.expiresAt.toISOString()} ` +
        `for machine ${result.hwid.slice(0, 12)}...`,
      {
        ok: true,
        code: 'VALID',
        product: result.product,
        expiresAt: result.expiresAt,
        hwid: result.hwid,
      },
      false,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof LicenceCheckError)) throw err;
    const expiry =
      err.answer?.expiresAt && err.reason === 'EXPIRED' ? ` (${err.answer.expiresAt})` : '';
    print(
      `${err.reason}: ${err.message}${expiry}`,
      {
        ok: false,
        code: err.reason,
        message: err.message,
        expiresAt: err.answer?.expiresAt ?? null,
      },
      true,
    );
    return EXIT[err.reason];
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'check') return await check(rest);
    if (command === 'hwid' && rest.length === 0) {
      process.stdout.write(`${computeHwid()}\n`);
      return 0;
    }
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
