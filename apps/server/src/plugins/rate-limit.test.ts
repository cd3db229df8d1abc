import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two processes (here: two app instances) behind one proxy must count one budget, not two. */
describe.runIf(redisUrl)('rate limits shared through REDIS_URL', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    b = await createTestApp({ env: { REDIS_URL: redisUrl! } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('guesses on instance A count against the same username on instance B', async () => {
    const username = `shared_${randomBytes(4).toString('hex')}`;
    const guess = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: 'guess' },
      });
    for (let i = 0; i < 5; i++) expect((await guess(a)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await guess(b)).statusCode).toBe(401);
    const limited = await guess(b);
    expect(limited.statusCode).toBe(429);
    expect((await guess(a)).statusCode).toBe(429);
  });
});

describe('rate limits without Redis', () => {
  it('each instance counts alone (documented: set REDIS_URL with several processes)', async () => {
    const a = await createTestApp();
    const b = await createTestApp();
    try {
      const username = `alone_${randomBytes(4).toString('hex')}`;
      const guess = (ctx: TestContext) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username, password: 'guess' },
        });
      for (let i = 0; i < 10; i++) await guess(a);
      expect((await guess(a)).statusCode).toBe(429);
      expect((await guess(b)).statusCode).toBe(401);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const guessOn = (ctx: TestContext, username: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: 'guess' },
  });

describe('rate limits with Redis down', () => {
  it('REDIS_URL on a closed port: the limits count in this process (429 after 10), never a 500', async () => {
    const ctx = await createTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` },
    });
    try {
      const username = `down_${randomBytes(4).toString('hex')}`;
      for (let i = 0; i < 10; i++) expect((await guessOn(ctx, username)).statusCode).toBe(401);
      const limited = await guessOn(ctx, username);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(
        /^Too many attempts\. Please try again in \d+ seconds\.$/,
      );
    } finally {
      await ctx.close();
    }
  });

  const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
  it.runIf(hasRedis)(
    'Redis stopped mid-run: counting moves to memory at once, still limited',
    async () => {
      const port = await closedPort();
      const redis = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      try {
        for (let i = 0; i < 50; i++) {
          const up = await new Promise<boolean>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => {
              s.destroy();
              resolve(true);
            });
            s.on('error', () => resolve(false));
          });
          if (up) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        const ctx = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
        try {
          const username = `stop_${randomBytes(4).toString('hex')}`;
          for (let i = 0; i < 5; i++) expect((await guessOn(ctx, username)).statusCode).toBe(401);
          redis.kill('SIGKILL');
          await new Promise((resolve) => redis.once('exit', resolve));
          // The 5 counted in Redis are lost with it; memory takes over and limits after 10 more.
          const codes: number[] = [];
          for (let i = 0; i < 11; i++) codes.push((await guessOn(ctx, username)).statusCode);
          expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
          expect(codes[10]).toBe(429);
        } finally {
          await ctx.close();
        }
      } finally {
        redis.kill('SIGKILL');
      }
    },
    30_000,
  );
});
