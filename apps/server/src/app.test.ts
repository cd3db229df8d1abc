import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/harness';

describe('app-wide behaviour', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      extend: (app) => {
        // Routes that fail like real faults would, to check what the client sees.
        app.get('/api/__boom', async () => {
          throw new Error('secret internal detail: password=hunter2');
        });
        app.get(
          '/api/__bad-shape',
          { schema: { response: { 200: z.object({ n: z.number() }) } } },
          async () => ({ n: 'not a number' }) as never,
        );
      },
    });
  });
  afterAll(() => ctx.close());

  it('healthz and readyz answer', async () => {
    expect((await ctx.app.inject('/api/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/api/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('unknown /api paths are JSON 404s', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/no/such/thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'No route for DELETE /api/no/such/thing.' });
  });

  it('a real fault is a 500 with a reference, never the internals', async () => {
    const res = await ctx.app.inject('/api/__boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
    expect(res.json().message).toMatch(
      /^Something went wrong on our side\. Please try again\. \(reference req-[\w-]+\)$/,
    );
  });

  it('a response that breaks its declared schema is caught, not sent', async () => {
    const res = await ctx.app.inject('/api/__bad-shape');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('not a number');
  });

  it('sets security headers: nosniff, a strict CSP, no framing', async () => {
    const res = await ctx.app.inject('/api/products');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // An API answer opened as a page may load nothing (pages: security-headers.test.ts).
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    const page = await ctx.app.inject('/no-such-page');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('bodies over the limit get 413 JSON, wrong content types 415', async () => {
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'x', password: 'y'.repeat(100_000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The request body is too large.' });
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: 'Unsupported content type: send application/json.' });
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/register',
      '/api/auth/login',
      '/api/auth/2fa/verify',
      '/api/users/user',
      '/api/products',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'twoFactorCode',
    );
    expect((await ctx.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });
});
