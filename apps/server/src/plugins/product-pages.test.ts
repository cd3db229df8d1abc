import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { JsonCache } from '../lib/json-cache';
import { recordEvent } from '../modules/events';
import { createTestApp, signedIn, type TestContext } from '../../test/harness';
import { ProductPages } from './product-pages';

// A web build as the server finds it: dist/index.html and dist/product.html (the page every product
// is rendered into), and beside dist the SSR bundle dist-ssr/pages.js, here a small renderer that
// follows the same contract as apps/web/src/prerender/product.tsx (markup with its <title>).
const INDEX = '<!doctype html><head><title>Stellar</title></head><div id="root"></div>';
const TEMPLATE =
  '<!doctype html><head><title>Stellar</title><script type="module" src="/assets/home-start-1.js"></script></head><div id="root"></div>';
const BUNDLE = `
const escape = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
export function renderProduct(data, slug) {
  const product = data.products.find((p) => p.slug === slug);
  if (product.title === 'THROW') throw new Error('render failed');
  const prices = product.pricing.map((plan) => plan.price).join(' | ');
  return '<div class="shell"><title>' + escape(product.title) + ' · Stellar</title><h1>' +
    escape(product.title) + '</h1><p>' + escape(product.description) + '</p><p>' + prices + '</p></div>';
}
`;

function decodeAttribute(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The answers a rendered page carries in #root's data-page attribute. */
function pageData(html: string): unknown {
  const match = /<div id="root" data-page="([^"]*)">/.exec(html);
  if (!match) throw new Error('no data-page attribute');
  return JSON.parse(decodeAttribute(match[1]!));
}

function get(port: number, url: string) {
  return new Promise<string>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString()));
      })
      .on('error', reject);
  });
}

describe('product pages rendered on the server', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stellar-ssr-'));
  const dist = path.join(dir, 'dist');
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    mkdirSync(dist);
    mkdirSync(`${dist}-ssr`);
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'product.html'), TEMPLATE);
    writeFileSync(path.join(`${dist}-ssr`, 'pages.js'), BUNDLE);
    ctx = await createTestApp({ env: { WEB_DIST: dist } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string) => (await ctx.app.inject(url)).body;

  /** Sets a product's columns and records catalogue.changed, as the catalogue's commands do. */
  async function changeProduct(slug: string, set: { title?: string; description?: string }) {
    await ctx.db.update(products).set(set).where(eq(products.slug, slug));
    await recordEvent(ctx.db, { type: 'catalogue.changed', payload: {} });
  }

  /** The page of `url` once `done` holds (the event reaches the caches through notifications). */
  async function pageOnce(url: string, done: (html: string) => boolean): Promise<string> {
    for (let i = 0; i < 400; i++) {
      const html = await page(url);
      if (done(html)) return html;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`${url} never changed`);
  }

  it('renders a product into #root with its title in the head and the answers it was rendered with', async () => {
    const res = await ctx.app.inject({
      url: '/product/stellar-launcher',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain(
      '<head><title>Stellar Launcher · Stellar</title><script type="module" src="/assets/home-start-1.js"></script></head>',
    );
    expect(html).toMatch(
      /<div id="root" data-page="[^"]*"><div class="shell"><h1>Stellar Launcher<\/h1><p>Launch and manage/,
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    const catalogue = (await ctx.app.inject('/api/products')).json();
    const maintenance = (await ctx.app.inject('/api/maintenance/status')).json();
    expect(pageData(html)).toEqual({ products: catalogue, maintenance });
    // Another product, its own page; the same page again is the same bytes (rendered once).
    expect(await page('/product/clothing-bot')).toContain('<h1>Clothing Bot</h1>');
    expect(await page('/product/stellar-launcher')).toBe(html);
  });

  it('sends index.html for an unknown slug and for a product whose maintenance switch is on', async () => {
    expect(await page('/product/no-such-product')).toBe(INDEX);
    expect(await page('/product/constructor')).toBe(INDEX);
    const admin = await signedIn(ctx, 'Admin');
    const toggle = (action: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/maintenance/${action}`,
        headers: admin.auth,
        payload: { page: 'stellar-launcher' },
      });
    expect((await toggle('enable')).statusCode).toBe(200);
    // The browser shows the maintenance page (or staff the page with its notice).
    expect(await page('/product/stellar-launcher')).toBe(INDEX);
    expect(await page('/product/clothing-bot')).toContain('<h1>Clothing Bot</h1>');
    expect((await toggle('disable')).statusCode).toBe(200);
    const html = await page('/product/stellar-launcher');
    expect(html).toContain('<h1>Stellar Launcher</h1>');
    expect(pageData(html)).toMatchObject({ maintenance: { 'stellar-launcher': false } });
  });

  it('renders again after a catalogue change, with the text escaped in the attribute', async () => {
    const description = 'Now "faster" </div><script>alert(1)</script> & $& $\' done';
    await changeProduct('other', { description });
    const html = await pageOnce('/product/other', (h) => h.includes('faster'));
    expect(html).not.toContain('<script>alert(1)</script>');
    const data = pageData(html) as { products: { slug: string; description: string }[] };
    expect(data.products.find((p) => p.slug === 'other')?.description).toBe(description);
    expect(html).toContain('<p>Now "faster" &lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('leaves a page whose render fails to the browser, and answers 200 with index.html', async () => {
    await changeProduct('other', { title: 'THROW' });
    await pageOnce('/product/other', (h) => h === INDEX);
    expect((await ctx.app.inject('/product/other')).statusCode).toBe(200);
    await changeProduct('other', { title: 'Other' });
    await pageOnce('/product/other', (h) => h.includes('<h1>Other</h1>'));
  });

  it('replays each product page from memory by its own URL, and a renamed product at once', async () => {
    /** Sends `url` until it is replayed; that answer. */
    const replayed = async (url: string) => {
      for (let i = 0; i < 100; i++) {
        const before = ctx.app.hotReads.replayed;
        const body = await get(port, url);
        if (ctx.app.hotReads.replayed === before + 1) return body;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`${url} was never replayed`);
    };
    expect(await replayed('/product/stellar-launcher')).toContain('<h1>Stellar Launcher</h1>');
    expect(await replayed('/product/clothing-bot')).toContain('<h1>Clothing Bot</h1>');
    expect(await replayed('/product/clothing-bot?ref=discord')).toContain('<h1>Clothing Bot</h1>');
    expect(await replayed('/product/no-such-product')).toBe(INDEX);
    await changeProduct('clothing-bot', { title: 'Clothing Bot 2' });
    let sawNew = false;
    for (let i = 0; i < 400 && !sawNew; i++) {
      const body = await get(port, '/product/clothing-bot');
      if (body.includes('<h1>Clothing Bot 2</h1>')) sawNew = true;
      else {
        expect(body).toContain('<h1>Clothing Bot</h1>');
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    expect(sawNew).toBe(true);
    expect(await replayed('/product/clothing-bot')).toContain('<h1>Clothing Bot 2</h1>');
    expect(await replayed('/product/stellar-launcher')).toContain('<h1>Stellar Launcher</h1>');
  });
});

describe('the product page renderer, loaded after start', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stellar-ssr-load-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const catalogue = [
    { slug: 'stellar-launcher', title: 'Stellar Launcher', description: 'd', pricing: [] },
  ];
  const logged: string[] = [];
  const log = {
    error: (_: unknown, message: string) => logged.push(`error: ${message}`),
    warn: (_: unknown, message: string) => logged.push(`warn: ${message}`),
  } as unknown as FastifyBaseLogger;

  /** Product pages over a bundle file holding `code`, with constant answers. */
  function pagesOf(name: string, code: string) {
    const file = path.join(dir, `${name}.js`);
    writeFileSync(file, code);
    return new ProductPages(
      TEMPLATE,
      file,
      new JsonCache(() => Promise.resolve(catalogue)),
      new JsonCache(() => Promise.resolve({ 'stellar-launcher': false })),
      log,
    );
  }

  it('imports nothing until asked, then renders each page once for concurrent first requests', async () => {
    const counter = `__stellarRenders${Date.now()}`;
    const pages = pagesOf(
      'counting',
      `export function renderProduct(data, slug) {
        globalThis.${counter} = (globalThis.${counter} ?? 0) + 1;
        return '<h1>' + slug + '</h1>';
      }`,
    );
    const renders = () => (globalThis as Record<string, unknown>)[counter];
    expect(renders()).toBeUndefined();
    // Not replayed before the renderer has loaded, even with both answers in memory.
    expect(pages.source()).toBeNull();
    const [a, b, c] = await Promise.all([
      pages.page('stellar-launcher'),
      pages.page('stellar-launcher'),
      pages.page('stellar-launcher'),
    ]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(renders()).toBe(1);
    expect(pages.source()).not.toBeNull();
  });

  it('leaves every page to the browser when the bundle fails to load or has no renderer', async () => {
    logged.length = 0;
    const broken = pagesOf('broken', 'export function renderProduct( {');
    expect(await broken.page('stellar-launcher')).toBeNull();
    expect(logged).toEqual(['error: product page renderer not loaded']);
    const empty = pagesOf('empty', 'export const nothing = 1;');
    expect(await empty.page('stellar-launcher')).toBeNull();
    expect(logged).toEqual([
      'error: product page renderer not loaded',
      'warn: no product page renderer in bundle',
    ]);
    // Loaded (or failed) once: later requests do not import again.
    expect(await broken.load()).toBeNull();
    expect(logged).toHaveLength(2);
  });
});
