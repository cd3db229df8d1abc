import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, withDatabase } from './global-setup';
import { startReceiver, type Receiver } from './receiver';
import { TEST_SECRETS } from './secrets';
import { testPort } from './ports';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Two server processes on one PostgreSQL, both running the webhook dispatcher: every event reaches
 * the receiver exactly once, in event order, whichever process sends it.
 */
describe.runIf(process.env.STELLAR_TEST_DB === 'postgres')('webhooks from two processes', () => {
  const name = `stellar_hooks_${randomBytes(4).toString('hex')}`;
  const url = () => withDatabase(process.env.TEST_DATABASE_URL!, name);
  const ports = [testPort('webhooksFirst'), testPort('webhooksSecond')];
  const children: ChildProcess[] = [];
  let receiver: Receiver;
  const call = (port: number, p: string, init: { token?: string; body?: unknown } = {}) =>
    fetch(`http://127.0.0.1:${port}/api${p}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });

  beforeAll(async () => {
    receiver = await startReceiver();
    await adminQuery(process.env.TEST_DATABASE_URL!, `CREATE DATABASE ${name}`);
    for (const port of ports) {
      children.push(
        spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
          cwd: serverDir,
          env: {
            ...process.env,
            ...TEST_SECRETS,
            DATABASE_URL: url(),
            PORT: String(port),
            HOST: '127.0.0.1',
            OWNER_PASSWORD: 'hooks-owner-pass',
            LOG_LEVEL: 'fatal',
            WEB_DIST: '/nonexistent',
          },
          stdio: 'ignore',
        }),
      );
      // Start one after the other: the first migrates and seeds.
      for (let i = 0; i < 300; i++) {
        if (
          await call(port, '/readyz').then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))),
    );
    await receiver.stop();
    await adminQuery(
      process.env.TEST_DATABASE_URL!,
      `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
    );
  });

  it('60 events are delivered once each, in order, with both processes dispatching', async () => {
    const [a] = ports as [number, number];
    const login = await call(a, '/auth/login', {
      body: { username: 'owner', password: 'hooks-owner-pass' },
    });
    const { token } = (await login.json()) as { token: string };
    await receiver.script('multi', [{ status: 200, delayMs: 15 }]);
    const created = await call(a, '/webhooks', {
      token,
      body: { url: receiver.url('multi'), events: ['ticket.created'] },
    });
    expect(created.status).toBe(201);
    await new Promise((r) => setTimeout(r, 50));
    // Commands write events in their transactions; here the outbox is written the same way, in bulk.
    await adminQuery(
      url(),
      `insert into events (type, payload) select 'ticket.created', jsonb_build_object('n', g)
       from generate_series(1, 60) g;
       select pg_notify('stellar_outbox', '{}')`,
    );
    await expect
      .poll(async () => (await receiver.requests('multi')).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(60);
    await new Promise((r) => setTimeout(r, 2500));
    const got = await receiver.requests('multi');
    const bodies = got.map((r) => JSON.parse(r.body) as { id: string; data: { n: number } });
    expect(got).toHaveLength(60);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(60);
    expect(bodies.map((b) => b.data.n)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  }, 60_000);
});
