import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const backupCli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/db/backup.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir },
  });

describe.runIf(process.env.STELLAR_TEST_DB !== 'postgres')(
  'npm run backup / restore (embedded)',
  () => {
    const root = mkdtempSync(path.join(tmpdir(), 'stellar-backup-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('round-trips the data, refuses to overwrite without --force, and refuses a locked folder', async () => {
      const source = path.join(root, 'source');
      mkdirSync(source);
      const db = await PGlite.create({ dataDir: path.join(source, 'pglite') });
      await db.exec(
        "create table users (name text); insert into users values ('kept-across-backup')",
      );
      await db.close();

      const file = path.join(root, 'backup.tar.gz');
      // A file already there, readable by everyone, is replaced by one for its owner only (0600).
      writeFileSync(file, 'old');
      chmodSync(file, 0o644);
      const backup = await backupCli(source, 'backup', file);
      expect(backup.stdout).toContain(`to ${file}`);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const target = path.join(root, 'target');
      await backupCli(target, 'restore', file);
      const restored = await PGlite.create({ dataDir: path.join(target, 'pglite') });
      const { rows } = await restored.query<{ name: string }>('select name from users');
      await restored.close();
      expect(rows).toEqual([{ name: 'kept-across-backup' }]);

      await expect(backupCli(target, 'restore', file)).rejects.toMatchObject({
        stderr: expect.stringContaining('already holds a database: add --force'),
      });
      await backupCli(target, 'restore', file, '--force');

      // A live server (any process holding the lock) keeps the folder to itself.
      writeFileSync(path.join(target, 'stellar.lock'), String(process.pid));
      await expect(backupCli(target, 'backup', file)).rejects.toMatchObject({
        stderr: expect.stringContaining('is in use by another Stellar process'),
      });
      rmSync(path.join(target, 'stellar.lock'));
    }, 120_000);
  },
);
