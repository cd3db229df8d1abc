import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivatePostgres } from './private-postgres';
import { TEST_SECRETS } from './secrets';
import { testPort } from './ports';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runOnPostgres = process.env.STELLAR_TEST_DB === 'postgres' && PrivatePostgres.available();

/** PostgreSQL stopped and started under a running server: 503s with clear messages, then recovery. */
describe.runIf(runOnPostgres)('database outage', () => {
  const port = testPort('outage');
  const pgPort = testPort('outagePostgresServer');
  let pg: PrivatePostgres;
  let server: ReturnType<typeof spawn>;
  let output = '';
  const api = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}/api${p}`, init);
  const login = () =>
    api('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'outage_owner', password: 'outage-password' }),
    });

  beforeAll(async () => {
    pg = PrivatePostgres.create(pgPort);
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        ...TEST_SECRETS,
        DATABASE_URL: pg.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        OWNER_USERNAME: 'outage_owner',
        OWNER_PASSWORD: 'outage-password',
        LOG_LEVEL: 'fatal',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    await waitFor(
      async () => (await api('/readyz')).status === 200,
      60_000,
      () => output,
    );
  }, 120_000);

  afterAll(async () => {
    server?.kill('SIGTERM');
    pg?.destroy();
  });

  it('answers 503 while the database is down and recovers without a restart', async () => {
    expect((await login()).status).toBe(200);

    pg.stop();
    const ready = await api('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ message: 'Database unavailable.' });
    const during = await login();
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    expect(await during.json()).toEqual({
      message: 'Service temporarily unavailable. Please try again shortly.',
    });
    expect((await api('/healthz')).status).toBe(200);

    pg.start();
    await waitFor(
      async () => (await api('/readyz')).status === 200,
      30_000,
      () => output,
    );
    expect((await login()).status).toBe(200);
    expect(server.exitCode).toBeNull();
  }, 120_000);
});

async function waitFor(
  check: () => Promise<boolean>,
  ms: number,
  context: () => string,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out; server output:\n${context()}`);
}
