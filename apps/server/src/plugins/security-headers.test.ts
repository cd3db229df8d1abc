import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, routeHooks, type TestContext } from '../../test/harness';
import { SECURITY_HEADER_OPTIONS } from './security-headers';

/** What helmet itself sets on a real Node response for our options (no Fastify in the way). */
async function helmetOnRealResponse(): Promise<IncomingHttpHeaders> {
  const middleware = helmet(SECURITY_HEADER_OPTIONS);
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

describe('security headers computed once', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('sends exactly what helmet sets, on routes, JSON 404s and repeated requests', async () => {
    const expected = await helmetOnRealResponse();
    for (const name of HELMET_HEADERS) expect(expected[name], name).toBeDefined();
    for (const url of ['/api/healthz', '/api/products', '/api/no-such-route', '/api/healthz']) {
      const res = await ctx.app.inject({ url });
      for (const name of HELMET_HEADERS)
        expect(res.headers[name], `${url} ${name}`).toBe(expected[name]);
    }
  });

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
