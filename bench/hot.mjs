// npm run bench:hot: the public hot path against its ceiling, on PGlite and on PostgreSQL, in one run.
// The ceiling is a bare Fastify process answering a constant JSON object (bench/lib/ceiling.mjs),
// started in the same run and measured with the same load tool and connections right before and right
// after every case: a case's ratio is against the mean of its two neighbouring ceiling runs, so a load
// change elsewhere on the machine moves both sides. The sequence is repeated BENCH_ROUNDS times and each
// figure is the median over the rounds. Beside each ratio: the server's CPU per answer against the
// ceiling's (Linux /proc) and how busy the load tool was, so a case bound by the tool shows as such.
// See docs/benchmarks.md.
//
//   BENCH_DATABASE_URL  PostgreSQL server to create a throwaway database on (default: TEST_DATABASE_URL,
//                       then DATABASE_URL, then postgres://postgres:postgres@127.0.0.1:5432/postgres);
//                       skipped with a note when it does not answer
//   BENCH_ENGINES (pglite,postgres)  BENCH_CONNECTIONS (50)  BENCH_DURATION seconds per case (5)
//   BENCH_WARMUP seconds per case (2; with BENCH_FRESH=0, 1 s after the first round)  BENCH_ROUNDS (3)
//   BENCH_ONLY=substring of a case name  BENCH_JSON=file
//   BENCH_FRESH (1)  every round after the first on a new server process (restarted on the same
//                    database) and a new ceiling process, so the median over the rounds is over several
//                    processes, not one process's luck; 0 keeps one of each for all the rounds
//                    (docs/benchmarks.md, "A fresh pair of processes every round")
//   BENCH_SERVER_NODE_ARGS  extra node arguments of the server process (e.g. --cpu-prof --cpu-prof-dir=DIR)
//   BENCH_TOOL (wrk when installed, else autocannon)  the load tool, one thread either way. wrk is
//                   Debian's package `wrk` (BENCH_WRK=path). autocannon spends more CPU per answer than
//                   the ceiling and the pages served from memory do, so with it those cases measure the
//                   tool rather than the server (docs/benchmarks.md, "wrk as the load tool")
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuSeconds } from './lib/cpu.mjs';
import { adminQuery, throwawayDatabase } from './lib/postgres.mjs';
import { runWrk, wrkPath } from './lib/wrk.mjs';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { buildWebIfStale } from '../scripts/lib/web-build.mjs';
import { apiClient, startServer as startBenchServer, waitReady } from './lib/server.mjs';

const env = process.env;
const tool = env.BENCH_TOOL ?? (existsSync(wrkPath) ? 'wrk' : 'autocannon');
if (tool !== 'wrk' && tool !== 'autocannon')
  throw new Error(`BENCH_TOOL=${tool}: wrk or autocannon`);
if (tool === 'autocannon' && !env.BENCH_TOOL)
  console.log(`${wrkPath} not found (apt-get install wrk): autocannon is the load tool`);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const duration = Number(env.BENCH_DURATION ?? 5);
const warmup = Number(env.BENCH_WARMUP ?? 2);
const rounds = Math.max(1, Number(env.BENCH_ROUNDS ?? 3));
const fresh = env.BENCH_FRESH !== '0';
const engines = (env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((s) => s.trim());
const pgAdminUrl =
  env.BENCH_DATABASE_URL ??
  env.TEST_DATABASE_URL ??
  env.DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const owner = { username: 'bench-owner', password: randomBytes(12).toString('base64url') };
const webDist = path.join(repoRoot, 'apps/web/dist');
// What a browser sends: the HTML cases are answered compressed, as they would be to a visitor.
const browser = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

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

/**
 * The bare Fastify ceiling in its own process, as the server under test is.
 * @param {Array<() => Promise<unknown>>} cleanups
 */
async function startCeiling(cleanups) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib/ceiling.mjs'), String(port)],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  cleanups.unshift(stop);
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk) => String(chunk).includes('listening') && resolve());
      child.on('exit', (code) => reject(new Error(`ceiling exited (${code})`)));
    })
  );
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid, stop };
}

/** @typedef {Awaited<ReturnType<typeof startCeiling>>} Ceiling */

/**
 * @param {string} engine
 * @param {import('./lib/server.mjs').Cleanups} cleanups
 */
async function prepareDatabase(engine, cleanups) {
  if (engine === 'postgres') {
    const { url } = await throwawayDatabase(pgAdminUrl, 'stellar_bench_hot', cleanups);
    return { kind: 'PostgreSQL (local)', vars: { DATABASE_URL: url } };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stellar-bench-hot-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { kind: 'PGlite (embedded)', vars: { DATA_DIR: dataDir, DATABASE_URL: '' } };
}

/** A member with a redeemed key whose first check bound the HWID: the validate body of the bench. */
/** @param {import('./lib/server.mjs').Api} api */
async function prepareData(api) {
  const { token: ownerToken } = await api('POST', '/auth/login', owner);
  const [product] = await api('GET', '/products');
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
  return { slug: product.slug, validateBody };
}

const micros = (/** @type {number | null} */ v) => (v === null ? '-' : v.toFixed(1));
const percent = (/** @type {number} */ share) => `${Math.round(share * 100)} %`;

/** @param {Array<number | null>} values the median of the numbers, null when there are none */
function medianOrNull(values) {
  const numbers = values.filter((v) => v !== null);
  return numbers.length ? median(numbers) : null;
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const at = (/** @type {number} */ i) => sorted[i] ?? NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/**
 * One measured run against the process `pid`. Besides throughput and latency: the CPU the server
 * process (every thread; not the PostgreSQL backends) spent per answer, and how busy the load tool
 * (autocannon in this process, or wrk as its child; one thread either way) was, as a share of one
 * core. A case whose load tool is near 100 % is bound by the tool, not by the server
 * (docs/benchmarks.md, "What bounds `/`").
 * @param {{ opts: import('autocannon').Options, pid: number | undefined }} target
 * @param {number} warm seconds of unmeasured load first
 */
async function measure({ opts, pid }, warm) {
  if (tool === 'wrk') return measureWithWrk({ opts, pid }, warm);
  if (warm > 0) await autocannon({ connections, duration: warm, ...opts });
  const serverBefore = cpuSeconds(pid);
  const toolBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const r = await autocannon({ connections, duration, ...opts });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const toolUsed = process.cpuUsage(toolBefore);
  const serverAfter = cpuSeconds(pid);
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors + r.timeouts,
    serverMicros: perAnswer(serverBefore, serverAfter, r.requests.total),
    toolBusy: (toolUsed.user + toolUsed.system) / 1e6 / seconds,
  };
}

/**
 * The same run with wrk as the load tool.
 * @param {{ opts: import('autocannon').Options, pid: number | undefined }} target
 * @param {number} warm
 */
async function measureWithWrk({ opts, pid }, warm) {
  const request = {
    url: String(opts.url),
    method: opts.method,
    headers: /** @type {Record<string, string> | undefined} */ (opts.headers),
    body: typeof opts.body === 'string' ? opts.body : undefined,
    connections,
  };
  if (warm > 0) await runWrk({ ...request, duration: warm });
  const serverBefore = cpuSeconds(pid);
  const r = await runWrk({ ...request, duration });
  const serverAfter = cpuSeconds(pid);
  return {
    requestsPerSecond: Math.round(r.requestsPerSecond),
    p50: r.p50,
    p99: r.p99,
    failed: r.failed,
    serverMicros: perAnswer(serverBefore, serverAfter, r.total),
    toolBusy: r.toolSeconds === null ? NaN : r.toolSeconds / duration,
  };
}

/**
 * @param {number | null} before @param {number | null} after CPU seconds @param {number} answers
 * @returns {number | null} CPU µs per answer
 */
function perAnswer(before, after, answers) {
  return before === null || after === null || answers === 0
    ? null
    : ((after - before) * 1e6) / answers;
}

/**
 * @param {string} name
 * @param {string} engine
 * @returns {{ ratio: number, p99?: number }}
 */
function targetOf(name, engine) {
  if (name.includes('healthz')) return { ratio: 0.8 };
  if (name.includes('validate')) return { ratio: engine === 'postgres' ? 0.5 : 0.4 };
  return { ratio: 0.7, p99: 50 };
}

/**
 * @param {string} engine
 * @param {{ current: Ceiling, cleanups: Array<() => Promise<unknown>> }} ceiling the ceiling in use,
 *   replaced by a new process at every fresh round
 */
async function runEngine(engine, ceiling) {
  /** @type {import('./lib/server.mjs').Cleanups} */
  const cleanups = [];
  try {
    const loadBefore = os.loadavg();
    const db = await prepareDatabase(engine, cleanups);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const nodeArgs = (env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const startServer = () =>
      startBenchServer({
        port,
        cleanups,
        nodeArgs,
        vars: {
          ...db.vars,
          WEB_DIST: webDist,
          OWNER_USERNAME: owner.username,
          OWNER_PASSWORD: owner.password,
        },
      });
    let server = startServer();
    await waitReady(server);
    const d = await prepareData(apiClient(base));
    const cases = [
      { name: 'GET /api/healthz', opts: { url: `${base}/api/healthz` } },
      { name: 'GET / (index.html)', opts: { url: `${base}/`, headers: browser } },
      { name: 'GET /api/products', opts: { url: `${base}/api/products` } },
      { name: 'GET /api/maintenance/status', opts: { url: `${base}/api/maintenance/status` } },
      {
        name: `GET /product/${d.slug} (HTML)`,
        opts: { url: `${base}/product/${d.slug}`, headers: browser },
      },
      {
        name: 'POST /api/client/validate (bound)',
        opts: {
          url: `${base}/api/client/validate`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(d.validateBody),
        },
      },
    ].filter((c) => !env.BENCH_ONLY || c.name.includes(env.BENCH_ONLY));

    // ceiling, case 1, ceiling, case 2, ..., ceiling; BENCH_ROUNDS times.
    /** @type {Array<Array<{ ceiling: number, requestsPerSecond: number, ratio: number, p50: number, p99: number, failed: number, serverMicros: number | null, toolBusy: number, ceilingMicros: number | null, ceilingToolBusy: number }>>} */
    const perCase = cases.map(() => []);
    /** @type {number[]} */
    const ceilings = [];
    for (let round = 0; round < rounds; round++) {
      if (round > 0 && fresh) {
        // A new pair of processes: the server restarted on the same database, as a running shop's is.
        await server.stop();
        server = startServer();
        await waitReady(server);
        await ceiling.current.stop();
        ceiling.current = await startCeiling(ceiling.cleanups);
      }
      // A new process warms up as the first one did.
      const warm = round === 0 || fresh ? warmup : Math.min(warmup, 1);
      const ceilingRun = { opts: { url: ceiling.current.url }, pid: ceiling.current.pid };
      let before = await measure(ceilingRun, warm);
      ceilings.push(before.requestsPerSecond);
      for (const [i, c] of cases.entries()) {
        const run = await measure({ opts: c.opts, pid: server.child.pid }, warm);
        const after = await measure(ceilingRun, warm);
        ceilings.push(after.requestsPerSecond);
        const around = (before.requestsPerSecond + after.requestsPerSecond) / 2;
        const ceilingMicros =
          before.serverMicros === null || after.serverMicros === null
            ? null
            : (before.serverMicros + after.serverMicros) / 2;
        perCase[i]?.push({
          ...run,
          ceiling: around,
          ratio: run.requestsPerSecond / around,
          ceilingMicros,
          ceilingToolBusy: (before.toolBusy + after.toolBusy) / 2,
        });
        before = after;
      }
    }
    const results = cases.map((c, i) => {
      const runs = perCase[i] ?? [];
      return {
        name: c.name,
        requestsPerSecond: Math.round(median(runs.map((r) => r.requestsPerSecond))),
        ceiling: Math.round(median(runs.map((r) => r.ceiling))),
        ratio: median(runs.map((r) => r.ratio)),
        p50: median(runs.map((r) => r.p50)),
        p99: median(runs.map((r) => r.p99)),
        worstP99: Math.max(...runs.map((r) => r.p99)),
        serverMicros: medianOrNull(runs.map((r) => r.serverMicros)),
        ceilingMicros: medianOrNull(runs.map((r) => r.ceilingMicros)),
        toolBusy: median(runs.map((r) => r.toolBusy)),
        ceilingToolBusy: median(runs.map((r) => r.ceilingToolBusy)),
        failed: runs.reduce((n, r) => n + r.failed, 0),
        rounds: runs,
      };
    });

    const cpu = os.cpus();
    console.log(
      `\nStellar hot path: ${db.kind}, ${tool === 'wrk' ? `wrk (${wrkPath}), one thread` : 'autocannon'}, ` +
        `${connections} connections, ${duration} s per run ` +
        `(+${warmup} s warm-up${fresh ? '' : ', 1 s after round 1'}), ${rounds} rounds` +
        `${fresh ? ', each on a new server process and a new ceiling process' : ''}, ${cpu.length} x ` +
        `${cpu[0]?.model.trim()}, Node ${process.version}, ` +
        `load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(
      `ceiling (bare Fastify, constant JSON), run before and after every case: ` +
        `${Math.min(...ceilings)}-${Math.max(...ceilings)} req/s over ${ceilings.length} runs. ` +
        `Each row: medians over the rounds of the case's req/s, of its ratio to the mean of ` +
        `its two neighbouring ceiling runs, and of its p99 (worst round's p99 beside it); ` +
        `then the server process's CPU per answer against the ceiling's, and how busy the load ` +
        `tool was (share of its one core) on the case and on the ceiling\n`,
    );
    const rows = results.map((r) => {
      const target = targetOf(r.name, engine);
      const met = r.ratio >= target.ratio && (target.p99 === undefined || r.p99 < target.p99);
      return { ...r, target, met };
    });
    console.table(
      rows.map((r) => ({
        endpoint: r.name,
        'req/s': r.requestsPerSecond,
        ceiling: r.ceiling,
        ratio: r.ratio.toFixed(2),
        'ratios per round': r.rounds.map((x) => x.ratio.toFixed(2)).join(' '),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'worst p99': r.worstP99,
        'server µs': micros(r.serverMicros),
        'ceiling µs': micros(r.ceilingMicros),
        'tool busy': `${percent(r.toolBusy)} (${percent(r.ceilingToolBusy)})`,
        target: `>= ${r.target.ratio}${r.target.p99 ? `, p99 < ${r.target.p99}` : ''}`,
        met: r.met ? 'yes' : 'no',
        failed: r.failed,
      })),
    );
    return { engine: db.kind, loadBefore, ceilings, results: rows };
  } finally {
    for (const cleanup of cleanups)
      await Promise.resolve()
        .then(cleanup)
        .catch((err) => console.error('cleanup:', err.message));
  }
}

async function postgresReachable() {
  try {
    await adminQuery(pgAdminUrl, 'select 1');
    return true;
  } catch (err) {
    console.log(
      `PostgreSQL not reachable (${/** @type {Error} */ (err).message}): the PostgreSQL figures are skipped.`,
    );
    return false;
  }
}

const all = [];
/** @type {Array<() => Promise<unknown>>} */
const cleanups = [];
try {
  await buildWebIfStale();
  const ceiling = { current: await startCeiling(cleanups), cleanups };
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable())) continue;
    all.push(await runEngine(engine, ceiling));
  }
  if (all.some((e) => e.results.some((r) => r.failed > 0))) {
    process.exitCode = 1;
    console.error('some requests failed: the figures above are not trustworthy');
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
}
if (env.BENCH_JSON) {
  writeFileSync(
    env.BENCH_JSON,
    JSON.stringify({ tool, connections, duration, warmup, rounds, fresh, engines: all }, null, 2),
  );
}
