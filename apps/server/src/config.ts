import { readFileSync } from 'node:fs';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  OWNER_USERNAME: z.string().min(3).max(24).optional(),
  OWNER_PASSWORD: z.string().min(8).max(128).optional(),
  LICENCE_SIGNING_KEY: z.string().min(1).optional(),
  /** Files holding the two keys (a secret manager's mount, a 0600 file): read when the variable is unset. */
  LICENCE_SIGNING_KEY_FILE: z.string().min(1).optional(),
  ENCRYPTION_KEY_FILE: z.string().min(1).optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  /** `true` would trust any client's X-Forwarded-For (spoofed addresses defeat rate limits): refused. */
  TRUST_PROXY: z
    .string()
    .refine((v) => v.trim().toLowerCase() !== 'true', {
      message:
        'must not be true (any client could pick its address): use a hop count (1) or the proxy addresses',
    })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** off: this process sends no webhooks (another process does). */
  WEBHOOKS: z.enum(['on', 'off']).default('on'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The site's public address (redirects from the payment processor back to the order page). */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+/, 'must start with http:// or https://')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** BTCPay Server (docs/product.md#money): all four or none. */
  BTCPAY_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+/, 'must start with http:// or https://')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  BTCPAY_STORE_ID: z.string().min(1).optional(),
  BTCPAY_API_KEY: z.string().min(1).optional(),
  BTCPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** on: the built-in test processor (local checkout page, no real payment). Never implied. */
  PAYMENTS_TEST_MODE: z.enum(['on', 'off']).default('off'),
  PAYMENTS_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** off: this process runs no payment reconciler (another process does). Tests start it by hand. */
  PAYMENTS_RECONCILER: z.enum(['on', 'off']).default('on'),
});

const BTCPAY_VARIABLES = [
  'BTCPAY_URL',
  'BTCPAY_STORE_ID',
  'BTCPAY_API_KEY',
  'BTCPAY_WEBHOOK_SECRET',
] as const;

export type Config = z.infer<typeof envSchema>;

/** The keys every process must share; on the embedded default they are generated into DATA_DIR/secrets. */
export const SECRET_VARIABLES = ['ENCRYPTION_KEY', 'LICENCE_SIGNING_KEY'] as const;

/** ENCRYPTION_KEY_FILE / LICENCE_SIGNING_KEY_FILE: the file's content (trimmed) when the variable is unset. */
function readKeyFiles(config: Config): void {
  for (const name of SECRET_VARIABLES) {
    const file = config[`${name}_FILE`];
    if (config[name] !== undefined || !file) continue;
    let text: string;
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError(`Invalid configuration: ${name}_FILE ${file} cannot be read (${code})`);
    }
    const checked = envSchema.shape[name].safeParse(text);
    if (!checked.success || !text) {
      const why = checked.success ? 'is empty' : checked.error.issues[0]!.message;
      throw new ConfigError(`Invalid configuration: ${name}_FILE ${file} ${why}`);
    }
    config[name] = checked.data;
  }
}

/** Reads and validates the environment; throws one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const config = parsed.data;
  const missing = BTCPAY_VARIABLES.filter((name) => config[name] === undefined);
  if (missing.length > 0 && missing.length < BTCPAY_VARIABLES.length) {
    throw new ConfigError(
      `Invalid configuration: BTCPay needs BTCPAY_URL, BTCPAY_STORE_ID, BTCPAY_API_KEY and BTCPAY_WEBHOOK_SECRET together; missing ${missing.join(', ')}`,
    );
  }
  readKeyFiles(config);
  if (config.DATABASE_URL) {
    const absent = SECRET_VARIABLES.filter((name) => config[name] === undefined);
    if (absent.length > 0) {
      throw new ConfigError(
        `Invalid configuration: with DATABASE_URL, set ${absent.map((n) => `${n} (or ${n}_FILE)`).join(' and ')}: every process needs the same keys, and they are kept out of the database`,
      );
    }
  }
  if (missing.length === 0 && config.PAYMENTS_TEST_MODE === 'on') {
    throw new ConfigError(
      'Invalid configuration: PAYMENTS_TEST_MODE=on cannot be combined with BTCPAY_* (choose real payments or the test processor)',
    );
  }
  return config;
}

/** Which payment processor orders use: BTCPay when configured, the test processor when asked, else none. */
export function paymentsMode(config: Config): 'btcpay' | 'test' | 'off' {
  if (config.BTCPAY_URL) return 'btcpay';
  return config.PAYMENTS_TEST_MODE === 'on' ? 'test' : 'off';
}

export class ConfigError extends Error {}

/** Fastify's trustProxy from TRUST_PROXY: false, a hop count, or a list of addresses (`true` is refused). */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value.trim().toLowerCase() === 'true')
    throw new ConfigError('Invalid configuration: TRUST_PROXY must not be true');
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
