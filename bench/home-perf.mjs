// npm run bench:home: the home page's transfer size (Playwright + Chromium, bytes on the wire per
// resource type, gzip size of every script it loads, and a check that no Monaco chunk loads) and
// Lighthouse performance + accessibility scores (desktop and mobile presets) of the home page and a
// product page, against the built site served by the real server on a fresh PGlite folder.
// See docs/benchmarks.md, "Home page".
//
// The web app must be built first (`npm run build`).
//   BENCH_WEB_DIST (apps/web/dist)  the built site to serve
//   CHROME_PATH (/usr/bin/chromium)  BENCH_JSON=file  BENCH_LIGHTHOUSE=0 to skip Lighthouse
//   BENCH_LIGHTHOUSE_RUNS (1)  Lighthouse runs per page and preset; the median performance score is reported
//   BENCH_PAGES (/,/product/stellar-launcher)  the pages Lighthouse scores
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { startServer as startBenchServer, waitReady, runBench } from './lib/server.mjs';

const env = process.env;
const chromePath = env.CHROME_PATH ?? '/usr/bin/chromium';
const webDist = path.resolve(repoRoot, env.BENCH_WEB_DIST ?? 'apps/web/dist');
const lighthouseRuns = Number(env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const lighthousePages = (env.BENCH_PAGES ?? '/,/product/stellar-launcher').split(',');
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Chunks that belong to the /code-editor route only: none of them may load on the home page. */
const MONACO = /monaco|code-editor|editor\.worker|\.worker-|codicon/i;
/** @type {import('./lib/server.mjs').Cleanups} */
const cleanups = [];

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/** @param {number} port */
function startServer(port) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stellar-bench-home-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return startBenchServer({
    port,
    cleanups,
    vars: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OWNER_USERNAME: 'bench-owner',
      OWNER_PASSWORD: randomBytes(12).toString('base64url'),
      WEB_DIST: webDist,
    },
  });
}

const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);

/** Bytes on the wire (headers + encoded body, from the DevTools protocol) of every response of a cold load of /. */
/** @param {string} base */
async function transferSize(base) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  try {
    const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map();
    cdp.on('Network.responseReceived', (e) => {
      const h = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      responses.set(e.requestId, {
        url: e.response.url,
        type: e.type,
        status: e.response.status,
        encoding: h['content-encoding'] ?? 'none',
        headerBytes: e.response.encodedDataLength ?? 0,
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = responses.get(e.requestId);
      if (r) r.wire = e.encodedDataLength;
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = responses.get(e.requestId);
      if (r) r.body = (r.body ?? 0) + e.dataLength;
    });
    const started = Date.now();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    const loadMs = Date.now() - started;
    const timing = await page.evaluate(() => {
      const nav = /** @type {PerformanceNavigationTiming} */ (
        performance.getEntriesByType('navigation')[0]
      );
      const paints = Object.fromEntries(
        performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]),
      );
      const entries = /** @type {PerformanceResourceTiming[]} */ (
        performance.getEntriesByType('resource')
      );
      const resources = entries.map((r) => ({
        url: r.name,
        transferSize: r.transferSize,
        encodedBodySize: r.encodedBodySize,
      }));
      return {
        domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
        load: Math.round(nav.loadEventEnd),
        paints,
        resources,
      };
    });
    const heading = await page
      .locator('h1')
      .first()
      .textContent()
      .catch(() => null);
    const list = [...responses.values()].filter((r) => !r.url.startsWith('data:'));
    /** @type {Record<string, { requests: number, bytes: number }>} */
    const byType = {};
    for (const r of list) {
      const t = (byType[r.type] ??= { requests: 0, bytes: 0 });
      t.requests += 1;
      t.bytes += r.wire ?? 0;
    }
    const total = list.reduce((n, r) => n + (r.wire ?? 0), 0);
    const monaco = list.filter((r) => MONACO.test(new URL(r.url).pathname));
    // gzip -9 of each script's plain text (what e2e/bundle-size.spec.ts budgets).
    const scripts = [];
    for (const r of list.filter((x) => x.type === 'Script')) {
      const body = Buffer.from(await (await fetch(r.url)).arrayBuffer());
      scripts.push({ url: r.url, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
    }
    return { loadMs, timing, heading, responses: list, byType, total, monaco, scripts };
  } finally {
    await browser.close();
  }
}

const execFileP = promisify(execFile);

/** @typedef {{ id: string, weight: number }} AuditRef */

/**
 * Lighthouse once more when a run ends in its own runtime error (seen: NO_NAVSTART, "Something went
 * wrong with recording the trace"), which says nothing about the page.
 * @param {string} url
 * @param {string} preset
 */
async function lighthouseRetrying(url, preset) {
  try {
    return await lighthouse(url, preset);
  } catch (error) {
    console.warn(
      `Lighthouse failed on ${url} (${preset}), running it again: ${String(error).split('\n')[1] ?? error}`,
    );
    return lighthouse(url, preset);
  }
}

/**
 * @param {string} url
 * @param {string} preset 'desktop', or anything else for Lighthouse's mobile default
 */
async function lighthouse(url, preset) {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'stellar-lh-')), 'report.json');
  cleanups.push(() => rmSync(path.dirname(out), { recursive: true, force: true }));
  const args = [
    url,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${out}`,
    `--chrome-flags=${chromeFlags.join(' ')}`,
    '--quiet',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  await execFileP(path.join(repoRoot, 'node_modules/.bin/lighthouse'), args, {
    cwd: repoRoot,
    env: { ...env, CHROME_PATH: chromePath },
    maxBuffer: 64 * 1024 * 1024,
  });
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  const a = lhr.audits;
  const failedA11y = lhr.categories.accessibility.auditRefs
    .filter(
      (/** @type {AuditRef} */ ref) =>
        ref.weight > 0 && a[ref.id]?.score !== null && a[ref.id]?.score < 1,
    )
    .map((/** @type {AuditRef} */ ref) => ref.id);
  return {
    preset,
    lighthouse: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcpMs: Math.round(a['first-contentful-paint'].numericValue),
    lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(a['total-blocking-time'].numericValue),
    cls: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
    speedIndexMs: Math.round(a['speed-index'].numericValue),
    failedA11y,
    runtimeError: lhr.runtimeError?.message,
  };
}

async function main() {
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error(`${webDist}/index.html not found: run npm run build first`);
  const loadBefore = os.loadavg();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port);
  await waitReady(server);

  const size = await transferSize(base);
  console.log(
    `\nStellar home page (${base}/, built site ${path.relative(repoRoot, webDist) || webDist}), ` +
      `Chromium ${chromePath}, load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}\n`,
  );
  console.log(
    `heading: ${JSON.stringify(size.heading)}; loaded (network idle) in ${size.loadMs} ms; ` +
      `DOMContentLoaded ${size.timing.domContentLoaded} ms, load ${size.timing.load} ms` +
      (size.timing.paints['first-contentful-paint'] === undefined
        ? ''
        : `, first-contentful-paint ${size.timing.paints['first-contentful-paint']} ms`),
  );
  console.table(
    size.responses.map((r) => ({
      url: new URL(r.url).pathname + new URL(r.url).search,
      type: r.type,
      status: r.status,
      encoding: r.encoding,
      'KB on wire': kb(r.wire ?? 0),
    })),
  );
  console.table(
    Object.entries(size.byType).map(([type, t]) => ({
      type,
      requests: t.requests,
      'KB on wire': kb(t.bytes),
    })),
  );
  console.log(`total transferred: ${kb(size.total)} KB in ${size.responses.length} responses`);
  console.table(
    size.scripts.map((r) => ({
      script: new URL(r.url).pathname,
      KB: kb(r.bytes),
      'KB gzip -9': kb(r.gzip),
    })),
  );
  console.log(
    `JavaScript: ${size.scripts.length} scripts, ` +
      `${kb(size.scripts.reduce((n, r) => n + r.gzip, 0))} KB gzip -9`,
  );
  console.log(
    size.monaco.length === 0
      ? 'Monaco: no Monaco / code-editor chunk loaded on the home page'
      : `Monaco: LOADED on the home page: ${size.monaco.map((r) => r.url).join(', ')}`,
  );

  const lh = [];
  if (env.BENCH_LIGHTHOUSE !== '0') {
    for (const page of lighthousePages) {
      for (const preset of ['desktop', 'mobile']) {
        const runs = [];
        for (let i = 0; i < lighthouseRuns; i += 1)
          runs.push(await lighthouseRetrying(`${base}${page}`, preset));
        runs.sort((x, y) => x.performance - y.performance);
        const median = runs[Math.floor((runs.length - 1) / 2)];
        lh.push({ ...median, page, runs: runs.map((r) => r.performance) });
      }
    }
    console.log(
      `\nLighthouse ${lh[0]?.lighthouse} (${lh[0]?.userAgent}), benchmarkIndex ${lh[0]?.benchmarkIndex}`,
    );
    console.table(
      lh.map((r) => ({
        page: r.page,
        preset: r.preset,
        performance: r.performance,
        accessibility: r.accessibility,
        'FCP ms': r.fcpMs,
        'LCP ms': r.lcpMs,
        'TBT ms': r.tbtMs,
        CLS: r.cls,
        'Speed Index ms': r.speedIndexMs,
        'perf. runs': r.runs.join(' '),
      })),
    );
    for (const r of lh) {
      if (r.failedA11y.length)
        console.log(
          `${r.page} ${r.preset}: accessibility audits not passed: ${r.failedA11y.join(', ')}`,
        );
      if (r.runtimeError)
        console.log(`${r.page} ${r.preset}: Lighthouse runtime error: ${r.runtimeError}`);
    }
  }
  if (env.BENCH_JSON)
    writeFileSync(env.BENCH_JSON, JSON.stringify({ loadBefore, size, lighthouse: lh }, null, 2));
  if (size.monaco.length > 0) process.exitCode = 1;
}

await runBench(main, cleanups);
