import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './client';

/**
 * `npm run backup [-- FILE]` and `npm run restore -- FILE [--force]` for the embedded database.
 * PGlite serves one process, so both refuse while a server holds DATA_DIR (stop it first).
 * PostgreSQL deployments use pg_dump / pg_restore instead (docs/operations.md).
 */
async function main(argv: string[]): Promise<void> {
  process.umask(0o077);
  const [command, ...rest] = argv;
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  const pgliteDir = path.join(dataDir, 'pglite');
  const force = rest.includes('--force');
  const file = rest.find((a) => !a.startsWith('--'));

  if (command === 'backup') {
    if (!existsSync(pgliteDir)) throw new Error(`No embedded database in ${dataDir}.`);
    const release = lockDataDir(dataDir);
    try {
      const target = path.resolve(file ?? path.join('backups', `stellar-${stamp()}.tar.gz`));
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      const db = await PGlite.create({ dataDir: pgliteDir });
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
      const dump = await db.dumpDataDir('gzip');
      await db.close();
      // A backup is the whole database: its owner's eyes only (also when it replaces a file).
      writeFileSync(target, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      chmodSync(target, 0o600);
      console.log(`Backed up ${dataDir} (${rows[0]?.n ?? 0} users) to ${target}`);
    } finally {
      release();
    }
    return;
  }

  if (command === 'restore') {
    if (!file) throw new Error('Usage: npm run restore -- FILE [--force]');
    const release = lockDataDir(dataDir);
    try {
      if (existsSync(pgliteDir)) {
        if (!force)
          throw new Error(
            `${dataDir} already holds a database: add --force to replace it (it is kept aside).`,
          );
        const aside = `${pgliteDir}.before-restore-${stamp()}`;
        renameSync(pgliteDir, aside);
        console.log(`Kept the current database aside in ${aside}`);
      }
      const blob = new Blob([readFileSync(path.resolve(file))]);
      const db = await PGlite.create({ dataDir: pgliteDir, loadDataDir: blob });
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
      await db.close();
      console.log(`Restored ${file} into ${dataDir} (${rows[0]?.n ?? 0} users)`);
    } finally {
      release();
    }
    return;
  }
  throw new Error('Usage: backup [FILE] | restore FILE [--force]');
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
