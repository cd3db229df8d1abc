// npm run bench:endpoints: requests/s and latency of every hot endpoint beside the same server's
// constant-JSON route (GET /api/healthz), measured in the same run, on PGlite and on PostgreSQL.
// See docs/benchmarks.md, "Hot endpoints".
//
//   BENCH_DATABASE_URL  PostgreSQL server to create a throwaway database on
//                       (default postgres://postgres@127.0.0.1:5432/postgres); the database is dropped after
//   BENCH_ENGINES (pglite,postgres)  which engines to run, comma-separated
//   BENCH_CONNECTIONS (50)  BENCH_LOGIN_CONNECTIONS (10)  BENCH_DURATION seconds per case (6)
//   BENCH_WARMUP seconds per case (2)  BENCH_ONLY=substring of a case name  BENCH_JSON=file
//   BENCH_SERVER_NODE_ARGS  extra node arguments of the server process (e.g. --cpu-prof --cpu-prof-dir=DIR)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { throwawayDatabase } from './lib/postgres.mjs';
import { apiClient, startServer as startBenchServer, waitReady } from './lib/server.mjs';

const env = process.env;
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const loginConnections = Number(env.BENCH_LOGIN_CONNECTIONS ?? 10);
const duration = Number(env.BENCH_DURATION ?? 6);
const warmup = Number(env.BENCH_WARMUP ?? 2);
const pgAdminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const engines = (env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((s) => s.trim());
const owner = { username: 'bench-owner', password: randomBytes(12).toString('base64url') };

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

/** A fresh database: a PGlite folder in the temp directory, or a throwaway PostgreSQL database. */
/**
 * @param {string} engine
 * @param {import('./lib/server.mjs').Cleanups} cleanups
 */
async function prepareDatabase(engine, cleanups) {
  if (engine === 'postgres') {
    const { url } = await throwawayDatabase(pgAdminUrl, 'stellar_bench_ep', cleanups);
    return { kind: 'PostgreSQL (local)', vars: { DATABASE_URL: url } };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stellar-bench-ep-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { kind: 'PGlite (embedded)', vars: { DATA_DIR: dataDir, DATABASE_URL: '' } };
}

/**
 * @param {Record<string, string | undefined>} vars
 * @param {number} port
 * @param {import('./lib/server.mjs').Cleanups} cleanups
 */
function startServer(vars, port, cleanups) {
  return startBenchServer({
    port,
    cleanups,
    nodeArgs: (env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    vars: { ...vars, OWNER_USERNAME: owner.username, OWNER_PASSWORD: owner.password },
  });
}

/**
 * Everything through the API: the Owner generates a key that a member redeems (first check binds the
 * HWID), the member opens a ticket with a few chat messages, the Owner makes a reseller.
 */
/** @param {import('./lib/server.mjs').Api} api */
async function prepareData(api) {
  const { token: ownerToken } = await api('POST', '/auth/login', owner);
  const products = await api('GET', '/products');
  const product = products[0];
  const member = { username: 'bench-member', password: 'bench-member-password' };
  await api('POST', '/register', member);
  const { token: memberToken } = await api('POST', '/auth/login', member);
  const { keys } = await api(
    'POST',
    '/keys/generate',
    { productId: product._id, plan: product.pricing.at(-1).plan, quantity: 1 },
    ownerToken,
  );
  const { product: owned } = await api('POST', '/keys/redeem', { keyCode: keys[0] }, memberToken);
  const validateBody = {
    key: owned.licenceKey,
    hwid: 'bench-machine-1',
    product: product.slug,
    nonce: randomBytes(16).toString('base64url'),
    version: 'bench',
  };
  const first = await api('POST', '/client/validate', validateBody);
  if (first.code !== 'VALID') throw new Error(`licence not valid: ${JSON.stringify(first)}`);

  const { id: ticketId } = await api(
    'POST',
    '/ticket/tickets',
    { message: 'My key does not work after the update.', reason: 'Bug Report' },
    memberToken,
  );
  for (let i = 0; i < 3; i += 1) {
    await api(
      'POST',
      `/tickets/${ticketId}/chats`,
      { message: `member message ${i}` },
      memberToken,
    );
    await api('POST', `/tickets/${ticketId}/chats`, { message: `support answer ${i}` }, ownerToken);
  }

  const reseller = { username: 'bench-reseller', password: 'bench-reseller-password' };
  const reg = await api('POST', '/register', reseller);
  await api('PUT', `/users/${reg.user._id}/role`, { role: 'Reseller' }, ownerToken);
  const { token: resellerToken } = await api('POST', '/auth/login', reseller);
  await api('GET', '/resellers/me', undefined, resellerToken);

  return { ownerToken, memberToken, resellerToken, ticketId, validateBody, member };
}

/** @param {import('autocannon').Options} opts */
async function measure(opts) {
  const c = opts.connections ?? connections;
  if (warmup > 0) await autocannon({ connections: c, duration: warmup, ...opts });
  const r = await autocannon({ connections: c, duration, ...opts });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    failed: r.non2xx + r.errors + r.timeouts,
  };
}

/** @param {string} engine */
async function runEngine(engine) {
  /** @type {import('./lib/server.mjs').Cleanups} */
  const cleanups = [];
  try {
    const loadBefore = os.loadavg();
    const db = await prepareDatabase(engine, cleanups);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(db.vars, port, cleanups);
    await waitReady(server);
    const api = apiClient(base);
    const d = await prepareData(api);
    const auth = (/** @type {string} */ token) => ({ authorization: `Bearer ${token}` });
    const json = { 'content-type': 'application/json' };
    const cases = [
      { name: 'GET /api/healthz (constant JSON, baseline)', opts: { url: `${base}/api/healthz` } },
      { name: 'GET /api/products', opts: { url: `${base}/api/products` } },
      { name: 'GET /api/maintenance/status', opts: { url: `${base}/api/maintenance/status` } },
      {
        name: 'GET /api/users/user (member)',
        opts: { url: `${base}/api/users/user`, headers: auth(d.memberToken) },
      },
      {
        name: 'GET /api/users/owns (member)',
        opts: { url: `${base}/api/users/owns`, headers: auth(d.memberToken) },
      },
      {
        name: 'GET /api/ticket/tickets (member)',
        opts: { url: `${base}/api/ticket/tickets`, headers: auth(d.memberToken) },
      },
      {
        name: 'GET /api/tickets/{id}/chats (member, 6 msgs)',
        opts: { url: `${base}/api/tickets/${d.ticketId}/chats`, headers: auth(d.memberToken) },
      },
      {
        name: 'POST /api/client/validate (valid licence)',
        opts: {
          url: `${base}/api/client/validate`,
          method: 'POST',
          headers: json,
          body: JSON.stringify(d.validateBody),
        },
      },
      {
        name: 'GET /api/resellers/me (reseller)',
        opts: { url: `${base}/api/resellers/me`, headers: auth(d.resellerToken) },
      },
      {
        name: 'GET /api/users (owner, admin list)',
        opts: { url: `${base}/api/users`, headers: auth(d.ownerToken) },
      },
      {
        name: `POST /api/auth/login (argon2, ${loginConnections} conn.)`,
        opts: {
          url: `${base}/api/auth/login`,
          method: 'POST',
          headers: json,
          body: JSON.stringify(d.member),
          connections: loginConnections,
        },
      },
    ].filter((c, i) => i === 0 || !env.BENCH_ONLY || c.name.includes(env.BENCH_ONLY));

    const results = [];
    for (const c of cases) results.push({ name: c.name, ...(await measure(c.opts)) });
    // The baseline again at the end: how much the machine drifted during the run.
    const [first] = cases;
    if (!first) throw new Error('no case to measure');
    const baselineEnd = await measure(first.opts);
    const baseline = results[0]?.requestsPerSecond ?? Number.NaN;

    const cpu = os.cpus();
    console.log(
      `\nStellar hot endpoints: ${db.kind}, ${connections} connections (login ${loginConnections}), ` +
        `${duration} s per case (+${warmup} s warm-up), ${cpu.length} x ${cpu[0]?.model.trim()}, ` +
        `Node ${process.version}, load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}\n`,
    );
    console.table(
      results.map((r) => ({
        endpoint: r.name,
        'req/s': r.requestsPerSecond,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'ratio to baseline': (r.requestsPerSecond / baseline).toFixed(2),
        failed: r.failed,
      })),
    );
    console.log(
      `baseline re-measured at the end: ${baselineEnd.requestsPerSecond} req/s, p99 ${baselineEnd.p99} ms ` +
        `(start: ${baseline} req/s)`,
    );
    return { engine: db.kind, loadBefore, results, baselineEnd };
  } finally {
    for (const cleanup of cleanups)
      await Promise.resolve()
        .then(cleanup)
        .catch((err) => console.error('cleanup:', err.message));
  }
}

const all = [];
try {
  for (const engine of engines) all.push(await runEngine(engine));
  if (all.some((e) => e.results.some((r) => r.failed > 0))) {
    process.exitCode = 1;
    console.error('some requests failed: the figures above are not trustworthy');
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
}
if (env.BENCH_JSON) {
  writeFileSync(
    env.BENCH_JSON,
    JSON.stringify({ connections, loginConnections, duration, warmup, engines: all }, null, 2),
  );
}
