import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, withDatabase } from './global-setup';
import { TEST_SECRETS } from './secrets';
import { testPort } from './ports';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const embedded = process.env.STELLAR_TEST_DB !== 'postgres';

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...TEST_SECRETS,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitReady(port: number, running: Running): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/readyz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready: ${running.output()}`);
}

describe.runIf(embedded)('the server process on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stellar-proc-'));
  const port = testPort('processEmbedded');
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    OWNER_USERNAME: 'boss',
    OWNER_PASSWORD: 'boss-password-1',
  };
  const api = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}/api${p}`, init);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('locks its data folder, drains on SIGTERM, and keeps data across restarts', async () => {
    const first = start(env);
    await waitReady(port, first);
    expect(existsSync(path.join(dataDir, 'stellar.lock'))).toBe(true);

    const register = await api('/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'persisted', password: 'persisted-pass' }),
    });
    expect(register.status).toBe(201);

    const second = start({ ...env, PORT: String(port + 1) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${path.resolve(dataDir)} is in use by another Stellar process`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'stellar.lock'))).toBe(false);

    const again = start(env);
    try {
      await waitReady(port, again);
      const login = await api('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'persisted', password: 'persisted-pass' }),
      });
      expect(login.status).toBe(200);
      const owner = await api('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'boss', password: 'boss-password-1' }),
      });
      const { token } = (await owner.json()) as { token: string };
      const me = (await (
        await api('/users/user', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { role: string };
      expect(me.role).toBe('Owner');
      const products = (await (await api('/products')).json()) as unknown[];
      expect(products).toHaveLength(3);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 120_000);

  it('tightens DATA_DIR to 0700 (no database file reachable by other users); its own files are 0600', async () => {
    chmodSync(dataDir, 0o755);
    const running = start(env);
    try {
      await waitReady(port, running);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      // PGlite sets its own files' modes (0666): the 0700 folder is what keeps other users out.
      expect(statSync(path.join(dataDir, 'pglite')).mode & 0o077).toBe(0);
      // What the process itself creates follows umask 077.
      expect(statSync(path.join(dataDir, 'stellar.lock')).mode & 0o777).toBe(0o600);
    } finally {
      running.child.kill('SIGTERM');
      await running.exited;
    }
  }, 120_000);

  it('a bad setting stops the process with one line naming it', async () => {
    const bad = start({ ...env, PORT: 'not-a-port' });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toMatch(/^Invalid configuration: PORT .*$/);
  });
});

describe.runIf(!embedded)('the server process on PostgreSQL (DATABASE_URL)', () => {
  it('migrates an empty database, seeds it and serves the catalogue', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `stellar_proc_${randomBytes(5).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const port = testPort('processPostgres');
    const running = start({
      DATABASE_URL: withDatabase(url, name),
      PORT: String(port),
      OWNER_PASSWORD: 'owner-password-1',
    });
    try {
      await waitReady(port, running);
      const products = (await (await fetch(`http://127.0.0.1:${port}/api/products`)).json()) as {
        pricing: { price: number }[];
      }[];
      expect(products.map((p) => p.pricing.map((x) => x.price))).toEqual([
        [7, 25, 150],
        [7, 20, 120],
        [7, 20, 50],
      ]);
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
    } finally {
      running.child.kill('SIGKILL');
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, 120_000);
});
