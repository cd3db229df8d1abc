import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, withDatabase } from './global-setup';
import { testPort } from './ports';
import { TEST_SECRETS } from './secrets';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two server processes on one PostgreSQL and one Redis, as behind a proxy: a session opened on one
 * works on the other (and dies on both at logout), and rate limits count one budget. Live chat across
 * processes is proven in src/plugins/realtime.process.test.ts.
 */
describe.runIf(process.env.STELLAR_TEST_DB === 'postgres' && redisUrl)(
  'two processes behind a proxy',
  () => {
    const name = `stellar_multi_${randomBytes(4).toString('hex')}`;
    const url = () => withDatabase(process.env.TEST_DATABASE_URL!, name);
    const first = testPort('multiProcess');
    const ports = [first, first + 1];
    const children: ChildProcess[] = [];
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
      await adminQuery(process.env.TEST_DATABASE_URL!, `CREATE DATABASE ${name}`);
      for (const port of ports) {
        children.push(
          spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
            cwd: serverDir,
            env: {
              ...process.env,
              ...TEST_SECRETS,
              DATABASE_URL: url(),
              REDIS_URL: redisUrl,
              PORT: String(port),
              HOST: '127.0.0.1',
              OWNER_PASSWORD: 'multi-owner-pass',
              LOG_LEVEL: 'fatal',
              WEB_DIST: '/nonexistent',
            },
            stdio: 'ignore',
          }),
        );
      }
      for (const port of ports) {
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
        children.map(
          (c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r))),
        ),
      );
      await adminQuery(
        process.env.TEST_DATABASE_URL!,
        `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
      );
    });

    it('a session opened on A works on B, and a logout on B ends it on A', async () => {
      const [a, b] = ports as [number, number];
      expect(
        (
          await call(a, '/register', {
            body: { username: 'multi_member', password: 'multi-password' },
          })
        ).status,
      ).toBe(201);
      const { token } = (await (
        await call(a, '/auth/login', {
          body: { username: 'multi_member', password: 'multi-password' },
        })
      ).json()) as { token: string };
      const onB = await call(b, '/users/user', { token });
      expect(onB.status).toBe(200);
      expect(((await onB.json()) as { username: string }).username).toBe('multi_member');
      expect((await call(b, '/auth/logout', { token, body: {} })).status).toBe(200);
      expect((await call(a, '/users/user', { token })).status).toBe(401);
    });

    it('login guesses spread over A and B count one budget (REDIS_URL)', async () => {
      const [a, b] = ports as [number, number];
      const username = `multi_guess_${randomBytes(3).toString('hex')}`;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await call(i % 2 ? b : a, '/auth/login', {
          body: { username, password: 'wrong' },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  },
);
