import { spawn } from 'node:child_process';
import { createPublicKey, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { adminQuery, withDatabase } from './global-setup';
import { testPort } from './ports';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const embedded = process.env.STELLAR_TEST_DB !== 'postgres';

/** Runs src/server.ts until it is ready (resolves the stop function) or exits (rejects with output). */
function run(env: Record<string, string>, port: number) {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ENCRYPTION_KEY: '',
      LICENCE_SIGNING_KEY: '',
      ENCRYPTION_KEY_FILE: '',
      LICENCE_SIGNING_KEY_FILE: '',
      // info: "Server listening at ..." shows in a report whether a start got as far as listening.
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, env, exited, output: () => out };
}

// A server started through tsx on a fresh PostgreSQL database migrates, seeds and loads every plugin
// first: alone that takes 2-3 s, but inside a full CI run on two cores two starts reached only the end
// of seeding within 60 s (2026-11-25), so each start gets two minutes. A start still waiting after 20 s
// prints what the process and its database are doing, so a slow start and a stuck one can be told apart.
async function ready(port: number, running: ReturnType<typeof run>) {
  const started = Date.now();
  const deadline = started + 120_000;
  let report: Promise<string> | null = null;
  // What every probe got (a status or an error code), counted, so a report tells a port nobody
  // listens on from a server that answers something else.
  const probes = new Map<string, number>();
  const probed = () => [...probes].map(([what, n]) => `${what} x${n}`).join(', ');
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output()}`);
    let outcome: string;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/client/public-key`, {
        signal: AbortSignal.timeout(5000),
      });
      if (res.ok) {
        if (report)
          console.warn(`server on port ${port} answered after ${Date.now() - started} ms`);
        return ((await res.json()) as { publicKey: string }).publicKey;
      }
      outcome = `status ${res.status}: ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      outcome = `error ${cause?.code ?? cause?.message ?? (err as Error).name}`;
    }
    probes.set(outcome, (probes.get(outcome) ?? 0) + 1);
    if (!report && Date.now() - started > 20_000) {
      report = whatIsItDoing(running, port);
      console.warn(
        `server on port ${port} not ready after 20 s: ${await report}\nprobes: ${probed()}\noutput: ${running.output()}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `server not ready: ${running.output()}\nafter 20 s: ${report ? await report : ''}\nnow: ${await whatIsItDoing(running, port)}\nprobes: ${probed()}`,
  );
}

/**
 * The process's CPU time and state (/proc), who listens on its port (/proc/net/tcp: the child or
 * another process), and its database's sessions (PostgreSQL).
 */
async function whatIsItDoing(running: ReturnType<typeof run>, port: number): Promise<string> {
  const lines: string[] = [];
  lines.push(listenersOf(port, running.child.pid!));
  try {
    const stat = readFileSync(`/proc/${running.child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    lines.push(`process state ${fields[0]}, user ${fields[11]} + system ${fields[12]} ticks`);
  } catch (err) {
    lines.push(`no /proc entry: ${(err as Error).message}`);
  }
  const url = running.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      const { rows } = await client.query(
        `select pid, state, wait_event_type, wait_event, now() - query_start as running_for, left(query, 100) as query
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      const usage = await client.query('select pg_notification_queue_usage() as usage');
      lines.push(
        `notify queue usage ${usage.rows[0].usage}`,
        ...rows.map((r) => JSON.stringify(r)),
      );
    } catch (err) {
      lines.push(`database not queried: ${(err as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return lines.join('\n');
}

/** The sockets listening on 127.0.0.1:port or any address, and whether they are the child's. */
function listenersOf(port: number, pid: number): string {
  try {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    const inodes = ['/proc/net/tcp', '/proc/net/tcp6']
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      // local_address is ADDRESS:PORT in hex, st 0A is LISTEN, the tenth field the socket's inode.
      .filter((f) => f.length > 9 && f[1]!.endsWith(`:${hexPort}`) && f[3] === '0A')
      .map((f) => f[9]!);
    if (inodes.length === 0) return `nobody listens on port ${port}`;
    const own = new Set(
      readdirSync(`/proc/${pid}/fd`).map((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      }),
    );
    return inodes
      .map((inode) =>
        own.has(`socket:[${inode}]`)
          ? `port ${port} listened on by the server (socket ${inode})`
          : `port ${port} listened on by another process (socket ${inode})`,
      )
      .join('\n');
  } catch (err) {
    return `listeners not read: ${(err as Error).message}`;
  }
}

async function stop(running: ReturnType<typeof run>) {
  running.child.kill('SIGTERM');
  await running.exited;
}

const mode = (file: string) => statSync(file).mode & 0o777;
const publicPem = (privatePem: string) =>
  createPublicKey(createPrivateKey(privatePem)).export({ format: 'pem', type: 'spki' }).toString();

describe('keys with DATABASE_URL', () => {
  it('refuse to start without ENCRYPTION_KEY and LICENCE_SIGNING_KEY, in one line naming what is missing', async () => {
    const url = 'postgres://nobody@127.0.0.1:1/none';
    const both = run({ DATABASE_URL: url }, 0);
    expect(await both.exited).toBe(1);
    expect(both.output().trim()).toBe(
      'Invalid configuration: with DATABASE_URL, set ENCRYPTION_KEY (or ENCRYPTION_KEY_FILE) and LICENCE_SIGNING_KEY (or LICENCE_SIGNING_KEY_FILE): every process needs the same keys, and they are kept out of the database',
    );
    const one = run({ DATABASE_URL: url, ENCRYPTION_KEY: randomBytes(32).toString('hex') }, 0);
    expect(await one.exited).toBe(1);
    expect(one.output().trim()).toMatch(
      /^Invalid configuration: with DATABASE_URL, set LICENCE_SIGNING_KEY \(or LICENCE_SIGNING_KEY_FILE\): /,
    );
    const other = run(
      {
        DATABASE_URL: url,
        LICENCE_SIGNING_KEY: generateKeyPairSync('ed25519')
          .privateKey.export({ format: 'pem', type: 'pkcs8' })
          .toString(),
      },
      0,
    );
    expect(await other.exited).toBe(1);
    expect(other.output().trim()).toMatch(
      /^Invalid configuration: with DATABASE_URL, set ENCRYPTION_KEY \(or ENCRYPTION_KEY_FILE\): [^\n]*$/,
    );
  });

  it('read the *_FILE variants; an unreadable or malformed file is one line too', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stellar-keys-'));
    try {
      const hex = randomBytes(32).toString('hex');
      const pem = generateKeyPairSync('ed25519')
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString();
      writeFileSync(path.join(dir, 'enc'), `${hex}\n`, { mode: 0o600 });
      writeFileSync(path.join(dir, 'sig'), pem, { mode: 0o600 });
      const config = loadConfig({
        DATABASE_URL: 'postgres://x@127.0.0.1/db',
        ENCRYPTION_KEY_FILE: path.join(dir, 'enc'),
        LICENCE_SIGNING_KEY_FILE: path.join(dir, 'sig'),
      });
      expect(config.ENCRYPTION_KEY).toBe(hex);
      expect(config.LICENCE_SIGNING_KEY).toBe(pem.trim());
      expect(() =>
        loadConfig({ ENCRYPTION_KEY_FILE: path.join(dir, 'missing'), LICENCE_SIGNING_KEY: pem }),
      ).toThrow(
        `Invalid configuration: ENCRYPTION_KEY_FILE ${path.join(dir, 'missing')} cannot be read (ENOENT)`,
      );
      writeFileSync(path.join(dir, 'short'), 'abc');
      expect(() => loadConfig({ ENCRYPTION_KEY_FILE: path.join(dir, 'short') })).toThrow(
        `Invalid configuration: ENCRYPTION_KEY_FILE ${path.join(dir, 'short')} must be 64 hex characters (32 bytes)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(embedded)('keys on the embedded default', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stellar-secrets-'));
  const port = testPort('secretsEmbedded');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const secrets = path.join(dataDir, 'secrets');

  it('are generated into DATA_DIR/secrets (0700, files 0600), never into a table, and kept across restarts', async () => {
    const first = run({ DATA_DIR: dataDir }, port);
    const published = await ready(port, first);
    await stop(first);
    expect(mode(secrets)).toBe(0o700);
    for (const name of ['encryption_key', 'licence_signing_key']) {
      expect(mode(path.join(secrets, name))).toBe(0o600);
    }
    expect(readFileSync(path.join(secrets, 'encryption_key'), 'utf8').trim()).toMatch(
      /^[0-9a-f]{64}$/,
    );
    const signing = readFileSync(path.join(secrets, 'licence_signing_key'), 'utf8');
    expect(publicPem(signing)).toBe(published);

    const again = run({ DATA_DIR: dataDir }, port);
    expect(await ready(port, again)).toBe(published);
    await stop(again);
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    try {
      expect((await db.query('select name from server_secrets')).rows).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('move from the server_secrets table of an earlier version into files with the same values', async () => {
    // An earlier version's state: keys in the table, no secrets folder.
    rmSync(secrets, { recursive: true, force: true });
    const oldSigning = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    const oldEncryption = randomBytes(32).toString('hex');
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await db.query(
        `insert into server_secrets (name, value) values ('licence_signing_key', $1), ('encryption_key', $2), ('payments_test_webhook_secret', 'old')`,
        [oldSigning, oldEncryption],
      );
    } finally {
      await db.close();
    }
    const upgraded = run({ DATA_DIR: dataDir }, port);
    // Answers signed before the upgrade still verify: the published key is the stored one.
    expect(await ready(port, upgraded)).toBe(publicPem(oldSigning));
    await stop(upgraded);
    expect(readFileSync(path.join(secrets, 'licence_signing_key'), 'utf8')).toBe(`${oldSigning}\n`);
    expect(readFileSync(path.join(secrets, 'encryption_key'), 'utf8').trim()).toBe(oldEncryption);
    expect(existsSync(path.join(secrets, 'payments_test_webhook_secret'))).toBe(false);
    const after = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    try {
      expect((await after.query('select name from server_secrets')).rows).toEqual([]);
    } finally {
      await after.close();
    }
  });
});

describe.runIf(!embedded)('keys from files on PostgreSQL', () => {
  it('two processes on one database read ENCRYPTION_KEY_FILE / LICENCE_SIGNING_KEY_FILE and publish the same key; no row in server_secrets', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `stellar_keys_${randomBytes(5).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const dir = mkdtempSync(path.join(tmpdir(), 'stellar-keyfiles-'));
    const pem = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    writeFileSync(path.join(dir, 'enc'), `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    writeFileSync(path.join(dir, 'sig'), pem, { mode: 0o600 });
    const env = {
      DATABASE_URL: withDatabase(url, name),
      ENCRYPTION_KEY_FILE: path.join(dir, 'enc'),
      LICENCE_SIGNING_KEY_FILE: path.join(dir, 'sig'),
    };
    const port = testPort('secretsTwoProcesses');
    try {
      const first = run(env, port);
      expect(await ready(port, first)).toBe(publicPem(pem));
      const second = run(env, port + 1);
      try {
        expect(await ready(port + 1, second)).toBe(publicPem(pem));
      } finally {
        await stop(second);
        await stop(first);
      }
      const client = new pg.Client({ connectionString: withDatabase(url, name) });
      await client.connect();
      try {
        expect((await client.query('select name from server_secrets')).rows).toEqual([]);
      } finally {
        await client.end();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, 300_000);

  it('npm run secrets:export writes the rows of an earlier version into 0600 files a server then reads, same public key', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `stellar_export_${randomBytes(5).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'stellar-export-')), 'keys');
    const oldSigning = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    const oldEncryption = randomBytes(32).toString('hex');
    const env = { DATABASE_URL: withDatabase(url, name) };
    const port = testPort('secretsExport');
    try {
      // Migrate with any keys, then put the earlier version's rows in.
      const first = run(
        {
          ...env,
          ENCRYPTION_KEY: randomBytes(32).toString('hex'),
          LICENCE_SIGNING_KEY: oldSigning,
        },
        port,
      );
      await ready(port, first);
      await stop(first);
      await adminQuery(
        withDatabase(url, name),
        `insert into server_secrets (name, value) values ('licence_signing_key', '${oldSigning}'), ('encryption_key', '${oldEncryption}')`,
      );
      const exported = await new Promise<{ code: number | null; out: string }>((resolve) => {
        let out = '';
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'src/db/secrets-export.ts', dir],
          {
            cwd: serverDir,
            env: { ...process.env, ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => resolve({ code, out }));
      });
      expect(exported.code).toBe(0);
      expect(exported.out).toContain(`ENCRYPTION_KEY_FILE=${path.join(dir, 'encryption_key')}`);
      expect(exported.out).toContain(
        `LICENCE_SIGNING_KEY_FILE=${path.join(dir, 'licence_signing_key')}`,
      );
      expect(mode(dir)).toBe(0o700);
      expect(mode(path.join(dir, 'encryption_key'))).toBe(0o600);
      expect(mode(path.join(dir, 'licence_signing_key'))).toBe(0o600);
      expect(readFileSync(path.join(dir, 'encryption_key'), 'utf8').trim()).toBe(oldEncryption);
      expect(readFileSync(path.join(dir, 'licence_signing_key'), 'utf8')).toBe(`${oldSigning}\n`);
      const upgraded = run(
        {
          ...env,
          ENCRYPTION_KEY_FILE: path.join(dir, 'encryption_key'),
          LICENCE_SIGNING_KEY_FILE: path.join(dir, 'licence_signing_key'),
        },
        port + 1,
      );
      // Answers signed before the move still verify: the published key is the exported one.
      expect(await ready(port + 1, upgraded)).toBe(publicPem(oldSigning));
      await stop(upgraded);
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, 300_000);
});
