import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, routeHooks, type TestContext } from '../../test/harness';
import { API_SECURITY_HEADER_OPTIONS, isApiUrl, SECURITY_HEADER_OPTIONS } from './security-headers';

/** What helmet itself sets on a real Node response for `options` (no Fastify in the way). */
async function helmetOnRealResponse(options: HelmetOptions): Promise<IncomingHttpHeaders> {
  const middleware = helmet(options);
  const server = createServer((req, res) => {
    middleware(req, res, () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`);
    return Object.fromEntries(res.headers);
  } finally {
    server.close();
  }
}

const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The page set's headers that only documents use: not on API answers. */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const API_HEADERS = HELMET_HEADERS.filter((name) => !DOCUMENT_ONLY.includes(name));

describe('security headers computed once', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'stellar-headers-'));
  let ctx: TestContext;
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stellar</title>');
    ctx = await createTestApp({ env: { WEB_DIST: dist, PAYMENTS_TEST_MODE: 'on' } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('pages: exactly what helmet sets for the site policy, on pages, the SPA fallback and repeats', async () => {
    const expected = await helmetOnRealResponse(SECURITY_HEADER_OPTIONS);
    for (const name of HELMET_HEADERS) expect(expected[name], name).toBeDefined();
    expect(expected['content-security-policy']).toContain("script-src 'self'");
    for (const url of ['/', '/support', '/no-such-page', '/']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      for (const name of HELMET_HEADERS)
        expect(res.headers[name], `${url} ${name}`).toBe(expected[name]);
    }
    // Swagger UI sets its own policy (staticCSP); the rest is the page set, not the API's.
    for (const url of ['/api/docs', '/api/docs/json']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(400);
      for (const name of HELMET_HEADERS.filter((n) => n !== 'content-security-policy'))
        expect(res.headers[name], `${url} ${name}`).toBe(expected[name]);
      expect(String(res.headers['content-security-policy'])).not.toContain("default-src 'none'");
    }
  });

  it('API answers: the API set (no document-only headers), on routes, JSON 404s and errors', async () => {
    const expected = await helmetOnRealResponse(API_SECURITY_HEADER_OPTIONS);
    expect(
      Object.keys(expected)
        .filter((name) => HELMET_HEADERS.includes(name))
        .sort(),
    ).toEqual([...API_HEADERS].sort());
    expect(expected['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(expected['x-frame-options']).toBe('DENY');
    for (const url of ['/api/healthz', '/api/products', '/api/no-such-route', '/api/users/user']) {
      const res = await ctx.app.inject({ url });
      for (const name of API_HEADERS)
        expect(res.headers[name], `${url} ${name}`).toBe(expected[name]);
      for (const name of DOCUMENT_ONLY) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-security-policy']).toBe(expected['content-security-policy']);
  });

  it("an HTML page under /api/ that says securityHeaders: 'document' gets the page set", async () => {
    const res = await ctx.app.inject({ url: '/api/payments/test/checkout/no-such-invoice' });
    expect(res.statusCode).toBe(404);
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('isApiUrl: /api/ and below, not the documentation pages', () => {
    expect(isApiUrl('/api/products')).toBe(true);
    expect(isApiUrl('/api/healthz?x=1')).toBe(true);
    expect(isApiUrl('/api/docs')).toBe(false);
    expect(isApiUrl('/api/docs/static/index.html')).toBe(false);
    expect(isApiUrl('/api')).toBe(true);
    expect(isApiUrl('/api?x=1')).toBe(true);
    expect(isApiUrl('/apix')).toBe(false);
    expect(isApiUrl('/product/api/x')).toBe(false);
  });
});

describe('security headers: which routes run what', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('leaves them off a route whose config says securityHeaders: false (the licence check)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/client/validate',
      payload: { key: 'STLL-NOPE', hwid: 'x'.repeat(16) },
    });
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('public reads run no per-request hook but the headers; bodies are depth-checked only where sent', () => {
    const hooks = routeHooks(ctx);
    for (const label of [
      '/api/healthz (GET)',
      '/api/products (GET)',
      '/api/maintenance/status (GET)',
    ]) {
      const lines = hooks.get(label);
      expect(lines, label).toBeDefined();
      expect(lines, label).toContain('securityHeadersHook()');
      expect(lines, label).not.toContain('helmet');
      expect(lines, label).not.toContain('(preValidation)');
      expect(lines, label).not.toContain('(preHandler)');
    }
    expect(hooks.get('/api/auth/login (POST)')).toContain('bodyDepthCheck()');
    expect(hooks.get('/api/client/validate (POST)')).toContain('bodyDepthCheck()');
  });
});
