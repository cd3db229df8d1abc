import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

/** A new AES-256 key, as ENCRYPTION_KEY takes it (64 hex characters). */
export const newEncryptionKey = () => randomBytes(32).toString('hex');
/** A new Ed25519 signing key, as LICENCE_SIGNING_KEY takes it (PKCS#8 PEM). */
export const newSigningKey = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

const GENERATED = {
  ENCRYPTION_KEY: { file: 'encryption_key', generate: newEncryptionKey },
  LICENCE_SIGNING_KEY: { file: 'licence_signing_key', generate: newSigningKey },
} as const;
/** Rows an earlier version kept in server_secrets (the test checkout's secret is now derived). */
const LEGACY_ROWS = ['encryption_key', 'licence_signing_key', 'payments_test_webhook_secret'];

/**
 * The embedded default's keys: each one not configured lives in DATA_DIR/secrets/<name> (file 0600,
 * folder 0700), generated on first start. A key an earlier version stored in the server_secrets table
 * moves to its file (same value, so licence signatures and sealed 2FA seeds stay valid) and the row
 * is deleted: no secret stays in a table.
 */
export async function embeddedSecrets(config: Config, db: Db): Promise<Config> {
  const dir = path.join(path.resolve(config.DATA_DIR), 'secrets');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const legacy = new Map(
    (await db.select().from(serverSecrets).where(inArray(serverSecrets.name, LEGACY_ROWS))).map(
      (row) => [row.name, row.value],
    ),
  );
  const resolved = { ...config };
  for (const [name, { file, generate }] of Object.entries(GENERATED) as [
    keyof typeof GENERATED,
    (typeof GENERATED)[keyof typeof GENERATED],
  ][]) {
    if (resolved[name] !== undefined) continue;
    const target = path.join(dir, file);
    if (!existsSync(target)) {
      const temporary = `${target}.${process.pid}.tmp`;
      writeFileSync(temporary, `${legacy.get(file) ?? generate()}\n`, { mode: 0o600 });
      renameSync(temporary, target);
    }
    chmodSync(target, 0o600);
    resolved[name] = readFileSync(target, 'utf8').trim();
  }
  if (legacy.size > 0) {
    await db.delete(serverSecrets).where(inArray(serverSecrets.name, [...legacy.keys()]));
  }
  return resolved;
}

/** Whether an earlier version left keys in the database (a PostgreSQL deployment must export them). */
export async function storedSecretNames(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: serverSecrets.name })
    .from(serverSecrets)
    .where(inArray(serverSecrets.name, LEGACY_ROWS));
  return rows.map((r) => r.name);
}

/** One stored row's value (the export tool). */
export async function storedSecret(db: Db, name: string): Promise<string | null> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value ?? null;
}
