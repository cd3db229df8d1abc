import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './lib/server-build.mjs';
import { SERVER_MEMORY_FLAGS, serverEnv } from './lib/server-command.mjs';

// What `npm start` runs in production: the esbuild bundle, started with plain node on an embedded
// database, must migrate, seed and serve the API and the web app. Built into a folder of its own
// under apps/server/dist (npm packages resolve from the repo's node_modules, as for the real bundle).
const root = path.resolve(import.meta.dirname, '..');
const outdir = mkdtempSync(path.join(ensureDir(path.join(root, 'apps/server/dist')), '.test-'));
const work = mkdtempSync(path.join(tmpdir(), 'stellar-bundle-test-'));
let server: ChildProcess | undefined;
let output = '';
let base = '';

function ensureDir(dir: string) {
  mkdirSync(dir, { recursive: true });
  return dir;
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitReady(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const res = await fetch(`${base}/api/readyz`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server was not ready in ${timeoutMs} ms:\n${output}`);
}

beforeAll(async () => {
  buildServer({ outdir });
  const webDist = ensureDir(path.join(work, 'web'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>bundle test</title>\n');
  // A product page template and an SSR bundle whose renderer shows the NODE_ENV it was loaded under
  // (React and TanStack Query pick their production or development build by it).
  writeFileSync(path.join(webDist, 'product.html'), '<!doctype html><div id="root"></div>\n');
  const ssrDist = ensureDir(path.join(work, 'web-ssr'));
  writeFileSync(
    path.join(ssrDist, 'pages.js'),
    'export const renderProduct = (data, slug) => `<p>${slug} NODE_ENV=${process.env.NODE_ENV}</p>`;\n',
  );
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    WEB_DIST: webDist,
    OWNER_USERNAME: 'owner',
    OWNER_PASSWORD: 'bundle-test-owner-password',
    LOG_LEVEL: 'warn',
    RATE_LIMIT: 'off',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.WORKERS;
  // As from a shell: vitest sets NODE_ENV=test, which the server would keep.
  delete env.NODE_ENV;
  // cwd elsewhere: nothing in the bundle may depend on being run from the repo root.
  // With the Node flags and environment `npm start` gives it (scripts/lib/server-command.mjs).
  server = spawn(
    process.execPath,
    [...SERVER_MEMORY_FLAGS, '--enable-source-maps', path.join(outdir, 'server.js')],
    { cwd: work, env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const keep = (chunk: Buffer) => (output = (output + chunk).slice(-4000));
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  // About 10 s on an idle machine (the first start migrates and seeds); slack for a loaded one.
  await waitReady(90_000);
}, 100_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(outdir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}, 15_000);

describe('the compiled server (npm run build)', () => {
  it('bundles our code and @stellar/shared, importing npm packages from node_modules', () => {
    const code = readFileSync(path.join(outdir, 'server.js'), 'utf8');
    expect(code).not.toMatch(/from ["']@stellar\//);
    expect(code).toMatch(/from ["']fastify["']/);
    expect(readFileSync(path.join(outdir, 'migrations/meta/_journal.json'), 'utf8')).toContain(
      '0000_init',
    );
  });

  it('answers healthz and readyz', async () => {
    const health = await fetch(`${base}/api/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/api/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('serves the seeded catalogue from the migrated database', async () => {
    const res = await fetch(`${base}/api/products`);
    expect(res.status).toBe(200);
    const products = (await res.json()) as Array<{ slug: string }>;
    expect(products.map((p) => p.slug)).toContain('stellar-launcher');
  });

  it('renders product pages under NODE_ENV=production when none is set', async () => {
    const res = await fetch(`${base}/product/stellar-launcher`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(
      /<div id="root" data-page="[^"]+"><p>stellar-launcher NODE_ENV=production<\/p><\/div>/,
    );
  });

  it('serves the web app from WEB_DIST', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>bundle test</title>');
  });
});
