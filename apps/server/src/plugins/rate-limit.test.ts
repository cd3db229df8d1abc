import { randomBytes } from 'node:crypto';
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
