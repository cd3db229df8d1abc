import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { products } from '../db/schema';
import { recordEvent } from '../modules/events';
import { createLoggedApp, createTestApp, signedIn, type TestContext } from '../../test/harness';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request over a real socket, the body as sent (no decompression). */
function get(port: number, url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Raw>((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path: url, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

/** The headers that belong to the answer (not to the connection or the moment). */
function answerHeaders(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders) {
  const { date: _d, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

const HTML = '<!doctype html><title>Stellar</title><div id="root"></div>';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('hot public reads answered from memory before Fastify', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'stellar-hot-'));
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), HTML);
    ctx = await createTestApp({ env: { WEB_DIST: dist } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** Sends `url` until an answer is replayed (the first ones record it); that answer. */
  async function replayed(url: string, headers: Record<string, string> = {}): Promise<Raw> {
    for (let i = 0; i < 100; i++) {
      const before = ctx.app.hotReads.replayed;
      const res = await get(port, url, headers);
      if (ctx.app.hotReads.replayed === before + 1) return res;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`${url} was never replayed`);
  }

  it.each([
    ['/api/healthz', {}],
    ['/api/products', {}],
    ['/api/products', BROWSER],
    ['/api/maintenance/status', {}],
    ['/', {}],
    ['/', BROWSER],
    ['/', { 'accept-encoding': 'gzip' }],
    ['/?ref=discord', BROWSER],
    ['/index.html', {}],
    ['/product/stellar-launcher', BROWSER],
    ['/product/another-one?x=1', {}],
  ])('%s %j: the replay is byte for byte what Fastify answers', async (url, headers) => {
    const replay = await replayed(url, headers);
    const fastify = await ctx.app.inject({ method: 'GET', url, headers });
    expect(replay.status).toBe(200);
    expect(fastify.statusCode).toBe(200);
    expect(replay.body.equals(fastify.rawPayload)).toBe(true);
    expect(answerHeaders(replay.headers)).toEqual(answerHeaders(fastify.headers));
    expect(String(replay.headers['content-security-policy'])).toContain(
      url.startsWith('/api/') ? "default-src 'none'" : "default-src 'self'",
    );
    expect(replay.headers['x-content-type-options']).toBe('nosniff');
    expect(replay.headers.date).toBeDefined();
  });

  it('leaves conditional, HEAD, unknown and signed-in-only requests to Fastify', async () => {
    const page = await replayed('/', BROWSER);
    const before = ctx.app.hotReads.replayed;
    const notModified = await get(port, '/', { ...BROWSER, 'if-none-match': page.headers.etag! });
    expect(notModified.status).toBe(304);
    expect((await get(port, '/', {}, 'HEAD')).status).toBe(200);
    expect((await get(port, '/api/users/user')).status).toBe(401);
    expect((await get(port, '/product/a/b')).status).toBe(200); // the client route fallback
    expect((await get(port, '/api/nope')).status).toBe(404);
    expect(ctx.app.hotReads.replayed).toBe(before);
  });

  it('answers a changed catalogue at once (never the recorded one), then replays the new one', async () => {
    const old = await replayed('/api/products');
    const [first] = await ctx.db.select().from(products).limit(1);
    await ctx.db
      .update(products)
      .set({ title: 'Renamed Product' })
      .where(eq(products.id, first!.id));
    await recordEvent(ctx.db, { type: 'catalogue.changed', payload: {} });
    // The event reaches the cache through the database's notifications: every answer from here on
    // is either still the old text (before the event arrived) or the new one, never old after new.
    let sawNew = false;
    for (let i = 0; i < 400; i++) {
      const res = await get(port, '/api/products');
      const body = res.body.toString();
      if (body.includes('Renamed Product')) sawNew = true;
      else {
        expect(sawNew, 'the old catalogue after the new one').toBe(false);
        expect(body).toBe(old.body.toString());
      }
      if (sawNew) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(sawNew).toBe(true);
    const renewed = await replayed('/api/products');
    expect(renewed.body.toString()).toContain('Renamed Product');
    expect(renewed.headers.etag).not.toBe(old.headers.etag);
  });

  it('answers a maintenance switch at once in the process that made it', async () => {
    const before = await replayed('/api/maintenance/status');
    expect(JSON.parse(before.body.toString()).chat).toBe(false);
    const admin = await signedIn(ctx, 'Admin');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/maintenance/enable',
      headers: admin.auth,
      payload: { page: 'chat' },
    });
    expect(res.statusCode).toBe(200);
    const after = await get(port, '/api/maintenance/status');
    expect(JSON.parse(after.body.toString()).chat).toBe(true);
  });
});

describe('hot reads while every request is logged', () => {
  let lines: string[];
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, lines, close } = await createLoggedApp({ LOG_LEVEL: 'info' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => close());

  it('goes through Fastify at LOG_LEVEL=info, so each request keeps its log line', async () => {
    const port = (app.server.address() as AddressInfo).port;
    for (let i = 0; i < 20; i++) expect((await get(port, '/api/healthz')).status).toBe(200);
    expect(app.hotReads.replayed).toBe(0);
    const completed = lines
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } })
      .filter((l) => l.msg === 'incoming request' && l.req?.url === '/api/healthz');
    expect(completed).toHaveLength(20);
  });
});
