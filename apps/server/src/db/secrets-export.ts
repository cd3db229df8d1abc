import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from './client';
import { storedSecret } from '../lib/secrets';

/**
 * npm run secrets:export -- <dir>: writes the keys an earlier version kept in server_secrets
 * (DATABASE_URL) into <dir>/encryption_key and <dir>/licence_signing_key (0600), for
 * ENCRYPTION_KEY_FILE / LICENCE_SIGNING_KEY_FILE, so 2FA seeds and licence signatures stay valid.
 */
async function main(): Promise<void> {
  const dir = process.argv[2];
  const url = process.env.DATABASE_URL;
  if (!dir || !url) {
    console.error('usage: DATABASE_URL=postgres://... npm run secrets:export -- <dir>');
    process.exit(2);
  }
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    for (const [name, variable] of [
      ['encryption_key', 'ENCRYPTION_KEY_FILE'],
      ['licence_signing_key', 'LICENCE_SIGNING_KEY_FILE'],
    ] as const) {
      const value = await storedSecret(database.db, name);
      if (!value) {
        console.log(`${name}: not stored (nothing to export)`);
        continue;
      }
      const file = path.resolve(dir, name);
      writeFileSync(file, `${value}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
      console.log(`${variable}=${file}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
