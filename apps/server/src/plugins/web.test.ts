import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

describe('serving the built web app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'stellar-dist-'));
  let ctx: TestContext;
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const js = 'console.log("stellar");'.repeat(100);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), js);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(js));
    ctx = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for client routes, never cached', async () => {
    for (const url of ['/', '/user-dashboard', '/ticket/123?x=1']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('answers the page in the encoding asked for, with an ETag per encoding and 304s', async () => {
    const html = '<!doctype html><div id="root"></div>';
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ url, headers });
    const br = await get('/product/stellar-launcher', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await get('/index.html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    const etags = new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]);
    expect(etags.size).toBe(3);
    for (const [res, encoding] of [
      [br, 'br'],
      [gz, 'gzip'],
      [plain, 'identity'],
    ] as const) {
      const again = await get('/user-dashboard', {
        'accept-encoding': encoding,
        'if-none-match': String(res.headers.etag),
      });
      expect(again.statusCode, encoding).toBe(304);
      expect(again.body).toBe('');
    }
    // Another encoding's ETag is not this representation.
    const other = await get('/', {
      'accept-encoding': 'br',
      'if-none-match': String(gz.headers.etag),
    });
    expect(other.statusCode).toBe(200);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/ticket/1' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(String(head.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('serves hashed assets immutable and precompressed when the client accepts it', async () => {
    const res = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset (a chunk of an earlier build) with a JSON 404, not the page', async () => {
    for (const url of ['/assets/product-OLDHASH.js', '/assets/gone/index-1.css?v=1']) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ message: `No route for GET ${url.split('?')[0]}.` });
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/assets/product-OLDHASH.js' });
    expect(head.statusCode).toBe(404);
    // A client route that only starts like the folder is still a page.
    expect((await ctx.app.inject('/assetsmanager')).statusCode).toBe(200);
  });

  it('serves an asset published into the folder after the start, and nothing else there', async () => {
    // The next build's chunk, put in place while this process runs (scripts/publish-web-build.mjs).
    const js = 'console.log("next build");'.repeat(100);
    writeFileSync(path.join(dist, 'assets', 'contact-NEXTBUILD.js'), js);
    writeFileSync(path.join(dist, 'assets', 'contact-NEXTBUILD.js.gz'), gzipSync(js));
    const res = await ctx.app.inject({
      url: '/assets/contact-NEXTBUILD.js?v=2',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(js);
    const plain = await ctx.app.inject('/assets/contact-NEXTBUILD.js');
    expect(plain.body).toBe(js);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/assets/contact-NEXTBUILD.js' });
    expect(head.statusCode).toBe(200);
    // A dotfile, a folder, a file in a folder of assets/ and a write stay 404s.
    writeFileSync(path.join(dist, 'assets', '.env'), 'SECRET=1');
    mkdirSync(path.join(dist, 'assets', 'later'));
    writeFileSync(path.join(dist, 'assets', 'later', 'x.js'), 'x');
    for (const url of ['/assets/.env', '/assets/later', '/assets/later/x.js']) {
      const missing = await ctx.app.inject(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual({ message: `No route for GET ${url}.` });
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/assets/contact-NEXTBUILD.js' });
    expect(post.statusCode).toBe(404);
  });

  it('keeps unknown /api paths as JSON 404s and refuses non-GET fallbacks', async () => {
    const api = await ctx.app.inject('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No route for GET /api/unknown.' });
    const post = await ctx.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe('No route for POST /somewhere.');
  });
});

describe('serving the prerendered home page', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'stellar-dist-'));
  const index = '<!doctype html><div id="root"></div>';
  const home = '<!doctype html><div id="root"><h1>Welcome to Stellar</h1></div>';
  let ctx: TestContext;
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), index);
    writeFileSync(path.join(dist, 'home.html'), home);
    writeFileSync(path.join(dist, 'home.html.gz'), gzipSync(home));
    ctx = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends home.html for / only, index.html for every other page', async () => {
    const root = await ctx.app.inject('/');
    expect(root.body).toBe(home);
    expect(root.headers['cache-control']).toBe('no-cache');
    const gz = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(home);
    expect(gz.headers.etag).not.toBe(root.headers.etag);
    for (const url of ['/index.html', '/product/stellar-launcher', '/login', '/home.html']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(index);
    }
  });
});
