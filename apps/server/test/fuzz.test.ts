import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, rows, signedIn, type TestContext } from './harness';

/**
 * Property: whatever body, query and token arrive, every endpoint of the OpenAPI document answers
 * with a non-5xx status, and every 4xx carries a `message`. A seed is printed on failure.
 */
describe('hostile input on every documented endpoint', () => {
  let ctx: TestContext;
  let routes: { method: string; url: string }[];
  let tokens: Record<'member' | 'owner', string>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([url, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), url })),
    );
    tokens = { member: (await signedIn(ctx)).token, owner: (await signedIn(ctx, 'Owner')).token };
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
    fc.constantFrom('member', 'owner'),
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

  const check = (status: number, text: string, contentType?: unknown) => {
    expect(status).toBeLessThan(500);
    // Shop delivery answers shops in text/plain (docs/integrations.md): a refusal is one line.
    if (status >= 400 && String(contentType).startsWith('text/plain')) {
      expect(text).toMatch(/^[^\r\n]+$/);
      return;
    }
    if (status >= 400) {
      const parsed = JSON.parse(text);
      expect(typeof parsed.message).toBe('string');
      expect(parsed.message.length).toBeGreaterThan(0);
    }
  };

  /** The data a refused request must leave untouched (sessions' last-seen refresh excluded). */
  const fingerprint = async () =>
    JSON.stringify(
      await rows(
        ctx,
        sql`select
          (select md5(coalesce(string_agg(u::text, ',' order by u.id), '')) from users u) as users,
          (select count(*) from sessions) as sessions,
          (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from tickets t) as tickets,
          (select count(*) from ticket_messages) as messages,
          (select md5(coalesce(string_agg(k::text, ',' order by k.id), '')) from licence_keys k) as keys,
          (select md5(coalesce(string_agg(l::text, ',' order by l.id), '')) from licences l) as licences,
          (select count(*) from balance_ledger) as ledger,
          (select md5(coalesce(string_agg(m::text, ',' order by m.page), '')) from maintenance m) as maintenance,
          (select md5(coalesce(string_agg(s::text, ','), '')) from settings s) as settings,
          (select count(*) from reseller_products) as grants,
          (select count(*) from audit_log) as audit`,
      ),
    );

  it('JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        body,
        auth,
        query,
        fc.boolean(),
        async (i, payload, authorization, q, realId) => {
          const route = routes[i % routes.length]!;
          const headers: Record<string, string> = {};
          if (authorization !== undefined)
            headers.authorization =
              authorization === 'member' || authorization === 'owner'
                ? `Bearer ${tokens[authorization]}`
                : authorization;
          const before = await fingerprint();
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: route.url.replace(/\{[^}]+\}/g, () => (realId ? randomUUID() : 'x')) + q,
            headers,
            ...(payload !== undefined && route.method !== 'GET'
              ? { payload: payload as object }
              : {}),
          });
          check(res.statusCode, res.body, res.headers['content-type']);
          if (res.statusCode >= 400)
            expect(await fingerprint(), `${route.method} ${route.url}`).toBe(before);
        },
      ),
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
          check(res.statusCode, res.body, res.headers['content-type']);
        },
      ),
      { numRuns: 200, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), verbose: 1 },
    );
  }, 120_000);
});
