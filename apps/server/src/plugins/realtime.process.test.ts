import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, withDatabase } from '../../test/global-setup';
import { isType, openSocket } from './realtime.fixtures';
import { TEST_SECRETS } from '../../test/secrets';
import { testPort } from '../../test/ports';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  base: string;
}

function start(port: number, env: Record<string, string>): Running {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...TEST_SECRETS,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited, base: `http://127.0.0.1:${port}` };
}

async function waitReady(running: Running): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output()}`);
    try {
      if ((await fetch(`${running.base}/api/readyz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready: ${running.output()}`);
}

async function call(base: string, method: string, url: string, token?: string, body?: object) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function login(base: string, username: string, password: string): Promise<string> {
  const res = await call(base, 'POST', '/auth/login', undefined, { username, password });
  if (typeof res.body.token !== 'string') throw new Error(`login failed: ${JSON.stringify(res)}`);
  return res.body.token;
}

describe.runIf(process.env.STELLAR_TEST_DB === 'postgres')(
  'live updates across two server processes on one PostgreSQL database',
  () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `stellar_rt_${randomBytes(5).toString('hex')}`;
    const running: Running[] = [];
    afterAll(async () => {
      for (const r of running) r.child.kill('SIGTERM');
      await Promise.all(running.map((r) => r.exited));
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it('a message posted on process A arrives on a socket of process B, and back', async () => {
      await adminQuery(url, `CREATE DATABASE ${name}`);
      const port = testPort('realtime');
      const env = {
        DATABASE_URL: withDatabase(url, name),
        OWNER_USERNAME: 'boss',
        OWNER_PASSWORD: 'boss-password-1',
      };
      // A migrates and seeds first; B then starts on the same database.
      const a = start(port, env);
      running.push(a);
      await waitReady(a);
      const b = start(port + 1, env);
      running.push(b);
      await waitReady(b);

      const register = await call(a.base, 'POST', '/register', undefined, {
        username: 'member1',
        password: 'member-password-1',
      });
      expect(register.status).toBe(201);
      const memberToken = await login(a.base, 'member1', 'member-password-1');
      const bossToken = await login(b.base, 'boss', 'boss-password-1');
      const created = await call(a.base, 'POST', '/ticket/tickets', memberToken, {
        message: 'Two processes, one desk',
      });
      expect(created.status).toBe(201);
      const ticketId = created.body.id as string;

      const onB = await openSocket(b.base, bossToken, { waitReady: true });
      onB.send({ type: 'subscribe', ticketId });
      await onB.next(isType('subscribed'));
      const onA = await openSocket(a.base, memberToken, { waitReady: true });

      const arrivesOnB = onB.next(
        isType('message', (f) => f.ticketId === ticketId),
        5_000,
      );
      const sent = await call(a.base, 'POST', `/tickets/${ticketId}/chats`, memberToken, {
        message: 'Hello from A',
      });
      expect(sent.status).toBe(201);
      const got = await arrivesOnB;
      expect(got.message).toMatchObject({
        _id: sent.body._id,
        sender: 'member1',
        role: 'Username',
        message: 'Hello from A',
        author: 'member1',
      });

      const arrivesOnA = onA.next(
        isType('message', (f) => f.message.sender === 'Support'),
        5_000,
      );
      const reply = await call(b.base, 'POST', `/tickets/${ticketId}/chats`, bossToken, {
        role: 'Support',
        message: 'Hello from B',
      });
      expect(reply.status).toBe(201);
      const back = await arrivesOnA;
      expect(back.message).toEqual({
        _id: reply.body._id,
        sender: 'Support',
        role: 'Support',
        message: 'Hello from B',
        timestamp: reply.body.timestamp,
      });

      // A logout served by A ends the session of a socket held by B.
      const logout = await call(a.base, 'POST', '/auth/logout', bossToken);
      expect(logout.status).toBe(200);
      expect(await onB.closed).toEqual({
        code: 4401,
        reason: 'Your session has expired. Please log in again.',
      });
      onA.ws.close();
    }, 120_000);
  },
);
