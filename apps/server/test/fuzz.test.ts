import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, signedIn, type TestContext } from './harness';

/**
 * Property: whatever body, query and token arrive, every endpoint of the OpenAPI document answers
 * with a non-5xx status, and every 4xx carries a `message`. A seed is printed on failure.
 */
describe('hostile input on every documented endpoint', () => {
  let ctx: TestContext;
  let routes: { method: string; url: string }[];
  let validToken: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([url, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), url })),
    );
    validToken = (await signedIn(ctx)).token;
  });
  afterAll(() => ctx.close());

  const fieldNames = [
    'username',
    'password',
    'twoFactorCode',
    'code',
    'currentPassword',
    'newPassword',
    'role',
    'balance',
    '__proto__',
    'constructor',
  ];
  const nasty = fc.oneof(
    fc.string(),
    fc.string({ minLength: 200, maxLength: 3000 }),
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '💥'.repeat(50),
      "admin' OR 1=1 --",
      '<script>alert(1)</script>',
      '../../etc/passwd',
      '123456',
      'NaN',
    ),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 5 }),
    fc.object({ maxDepth: 2 }),
  );
  const body = fc.oneof(
    fc.dictionary(fc.constantFrom(...fieldNames), nasty, { maxKeys: 6 }),
    fc.jsonValue({ maxDepth: 4 }),
    fc.constant(undefined),
  );
  const rawBody = fc.oneof(
    fc.constantFrom(
      '{',
      '{"username":',
      'null',
      '[]',
      '"text"',
      '{"a":1}{',
      '\u0000\u0001',
      '['.repeat(5000) + ']'.repeat(5000),
    ),
    fc.string({ maxLength: 300 }),
  );
  const auth = fc.oneof(
    fc.constant(undefined),
    fc.constant('valid'),
    fc.constantFrom(
      'Bearer ',
      'Bearer x',
      'bearer ' + 'A'.repeat(43),
      'Basic Zm9vOmJhcg==',
      'Bearer ' + 'z'.repeat(10_000),
    ),
    fc.string({ maxLength: 80 }),
  );
  const query = fc.oneof(
    fc.constant(''),
    fc.constantFrom('?userId=1', '?page=-1', '?a[b]=c', '?%zz', '?x=' + 'y'.repeat(3000)),
  );

  const check = (status: number, text: string) => {
    expect(status).toBeLessThan(500);
    if (status >= 400) {
      const parsed = JSON.parse(text);
      expect(typeof parsed.message).toBe('string');
      expect(parsed.message.length).toBeGreaterThan(0);
    }
  };

  it('JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), body, auth, query, async (i, payload, authorization, q) => {
        const route = routes[i % routes.length]!;
        const headers: Record<string, string> = {};
        if (authorization !== undefined)
          headers.authorization =
            authorization === 'valid' ? `Bearer ${validToken}` : authorization;
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/\{[^}]+\}/g, 'x') + q,
          headers,
          ...(payload !== undefined && route.method !== 'GET'
            ? { payload: payload as object }
            : {}),
        });
        check(res.statusCode, res.body);
      }),
      { numRuns: 400, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), verbose: 1 },
    );
  }, 120_000);

  it('raw and malformed bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        rawBody,
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
        ),
        async (i, payload, type) => {
          const route = routes[i % routes.length]!;
          const res = await ctx.app.inject({
            method: route.method as 'POST',
            url: route.url,
            headers: { 'content-type': type },
            payload,
          });
          check(res.statusCode, res.body);
        },
      ),
      { numRuns: 200, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), verbose: 1 },
    );
  }, 120_000);
});
