// npm run bench: POST /api/client/validate against a constant-JSON route of the same server,
// same load tool, same connections, same run. See docs/benchmarks.md.
//
//   BENCH_DATABASE_URL=postgres://...  run on PostgreSQL (a throwaway database is created and dropped)
//   BENCH_CONNECTIONS (100)  BENCH_DURATION seconds per case (10)  BENCH_WARMUP seconds (3)
//   BENCH_ROUNDS (3)  rounds of all cases, alternated; medians are reported
//   BENCH_PORT (random)  BENCH_LOG_LEVEL (warn)  BENCH_JSON=file
//   BENCH_SERVER_NODE_ARGS  extra node arguments of the server process (profiling)
//   BENCH_ONLY=constant|validate|many  measure one case alone
//   BENCH_KEYS (300)  licences of the many-keys case (each request a different key, round-robin)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { throwawayDatabase } from './lib/postgres.mjs';
import { apiClient, startServer as startBenchServer, waitReady, runBench } from './lib/server.mjs';
import { cpuSeconds } from './lib/cpu.mjs';

const env = process.env;
const connections = Number(env.BENCH_CONNECTIONS ?? 100);
const duration = Number(env.BENCH_DURATION ?? 10);
const warmup = Number(env.BENCH_WARMUP ?? 3);
const manyKeys = Number(env.BENCH_KEYS ?? 300);
const rounds = Number(env.BENCH_ROUNDS ?? 3);
const port = Number(env.BENCH_PORT ?? 7000 + Math.floor(Math.random() * 900));
const base = `http://127.0.0.1:${port}`;
const owner = { username: 'bench-owner', password: randomBytes(12).toString('base64url') };
/** @type {Array<() => unknown>} */
const cleanups = [];

/** A fresh database for this run: a PGlite folder, or a throwaway PostgreSQL database. */
async function prepareDatabase() {
  if (env.BENCH_DATABASE_URL) {
    const { name, url } = await throwawayDatabase(
      env.BENCH_DATABASE_URL,
      'stellar_bench',
      cleanups,
    );
    return { kind: 'PostgreSQL', name, vars: { DATABASE_URL: url } };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stellar-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { kind: 'PGlite (embedded)', vars: { DATA_DIR: dataDir } };
}
/** @typedef {Awaited<ReturnType<typeof prepareDatabase>>} BenchDatabase */

/** @param {Record<string, string | undefined>} vars */
function startServer(vars) {
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
  const nodeArgs = (env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return startBenchServer({
    port,
    nodeArgs,
    cleanups,
    vars: {
      ...vars,
      LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'warn',
      OWNER_USERNAME: owner.username,
      OWNER_PASSWORD: owner.password,
    },
  });
}

const api = apiClient(base);

/**
 * Owner generates keys, members redeem them, the first check of each binds its HWID. The first
 * licence is the fixed-body case; all of them together are the many-keys case.
 * @param {number} count
 */
async function prepareLicences(count) {
  const { token: ownerToken } = await api('POST', '/auth/login', owner);
  const products = await api('GET', '/products');
  const bodies = [];
  // One licence per (member, product): 3 products per member.
  for (let m = 0; bodies.length < count; m += 1) {
    const member = { username: `bench-member-${m}`, password: 'bench-member-password' };
    await api('POST', '/register', member);
    const { token } = await api('POST', '/auth/login', member);
    for (const product of products) {
      if (bodies.length === count) break;
      const { keys } = await api(
        'POST',
        '/keys/generate',
        { productId: product._id, plan: product.pricing.at(-1).plan, quantity: 1 },
        ownerToken,
      );
      const { product: owned } = await api('POST', '/keys/redeem', { keyCode: keys[0] }, token);
      const body = {
        key: owned.licenceKey,
        hwid: `bench-machine-${m}-${product.slug}`,
        product: product.slug,
        nonce: randomBytes(16).toString('base64url'),
        version: 'bench',
      };
      const first = await api('POST', '/client/validate', body);
      if (first.code !== 'VALID') throw new Error(`licence not valid: ${JSON.stringify(first)}`);
      bodies.push(body);
    }
  }
  return bodies;
}

/**
 * @param {import('autocannon').Options} opts
 * @param {number} seconds
 */
function load(opts, seconds) {
  return autocannon({ connections, duration: seconds, ...opts });
}

/** CPU seconds of a process so far (0 where /proc is missing). @param {number | undefined} pid */
const cpuSecondsOr0 = (pid) => cpuSeconds(pid) ?? 0;

/**
 * The PostgreSQL backends serving the bench database (their CPU is part of a check's cost).
 * @param {BenchDatabase} db
 * @returns {Promise<number[]>}
 */
async function backendPids(db) {
  if (!db.name) return [];
  const client = new pg.Client({ connectionString: env.BENCH_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('select pid from pg_stat_activity where datname = $1', [
      db.name,
    ]);
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/**
 * One measured run, with where the CPU went: microseconds of CPU per request in the server
 * process, in its PostgreSQL backends and in the load tool (this process).
 * @param {import('autocannon').Options} opts
 * @param {{ db: BenchDatabase, serverPid: number | undefined }} ctx
 */
async function measure(opts, ctx) {
  if (warmup > 0) await load(opts, warmup);
  const pids = await backendPids(ctx.db);
  const before = {
    server: cpuSecondsOr0(ctx.serverPid),
    pg: new Map(pids.map((pid) => [pid, cpuSecondsOr0(pid)])),
    tool: process.cpuUsage(),
  };
  const r = await load(opts, duration);
  const tool = process.cpuUsage(before.tool);
  const perRequest = (/** @type {number} */ seconds) =>
    Math.round((seconds * 1e6) / Math.max(1, r.requests.total));
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    failed: r.non2xx + r.errors + r.timeouts,
    cpu: {
      server: perRequest(cpuSecondsOr0(ctx.serverPid) - before.server),
      // A backend that exited meanwhile (idle pool timeout) reads as 0: count only live ones.
      pg: perRequest(
        pids.reduce((t, pid) => t + Math.max(0, cpuSecondsOr0(pid) - (before.pg.get(pid) ?? 0)), 0),
      ),
      tool: perRequest((tool.user + tool.system) / 1e6),
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof measure>>} Measurement */

/** @param {number[]} values */
const median = (values) =>
  /** @type {number} */ ([...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]);

async function main() {
  const loadBefore = os.loadavg();
  const db = await prepareDatabase();
  const server = startServer(db.vars);
  await waitReady(server);
  const bodies = await prepareLicences(manyKeys);
  const validate = {
    url: `${base}/api/client/validate`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  };
  let next = 0;
  const manyBodies = bodies.map((b) => JSON.stringify(b));
  const cases = [
    { id: 'constant', name: 'GET /api/healthz', opts: { url: `${base}/api/healthz` } },
    {
      id: 'validate',
      name: 'POST /api/client/validate',
      opts: { ...validate, body: JSON.stringify(bodies[0]) },
    },
    {
      id: 'many',
      name: `POST /api/client/validate, ${bodies.length} keys`,
      opts: {
        ...validate,
        requests: [
          {
            method: 'POST',
            // Pre-serialised, so the load tool spends no more per request than in the 1-key case.
            setupRequest: (/** @type {import('autocannon').Request} */ request) => {
              request.body = manyBodies[next++ % manyBodies.length];
              return request;
            },
          },
        ],
      },
    },
  ].filter((c) => !env.BENCH_ONLY || env.BENCH_ONLY === c.id);

  // Rounds alternate the cases, so a burst of load from elsewhere hits all of them alike; the
  // ratio is taken per round and the median reported.
  /** @type {Record<string, Measurement[]>} */
  const runs = Object.fromEntries(cases.map((c) => [c.id, []]));
  const runsOf = (/** @type {string} */ id) => runs[id] ?? [];
  for (let round = 0; round < rounds; round += 1) {
    for (const c of cases) {
      runsOf(c.id).push(await measure(c.opts, { db, serverPid: server.child.pid }));
    }
  }
  for (const body of [bodies[0], bodies.at(-1)]) {
    const after = await api('POST', '/client/validate', {
      ...body,
      nonce: randomBytes(16).toString('hex'),
    });
    if (after.code !== 'VALID') throw new Error(`a licence stopped being valid: ${after.code}`);
  }

  const cpu = os.cpus();
  console.log(
    `\nStellar licence-check bench: ${db.kind}, ${connections} connections, ${rounds} round(s) of ` +
      `${duration} s per case (+${warmup} s warm-up), ${cpu.length} x ${cpu[0]?.model.trim()}, ` +
      `Node ${process.version}, load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}\n`,
  );
  const summary = cases.map((c) => ({
    case: c.name,
    'requests/s': median(runsOf(c.id).map((r) => r.requestsPerSecond)),
    'p50 ms': median(runsOf(c.id).map((r) => r.p50)),
    'p99 ms': median(runsOf(c.id).map((r) => r.p99)),
    'p99 worst ms': Math.max(...runsOf(c.id).map((r) => r.p99)),
    'per round req/s': runsOf(c.id)
      .map((r) => r.requestsPerSecond)
      .join(' '),
    'CPU µs/req server': median(runsOf(c.id).map((r) => r.cpu.server)),
    'CPU µs/req postgres': db.name ? median(runsOf(c.id).map((r) => r.cpu.pg)) : '-',
    'CPU µs/req load tool': median(runsOf(c.id).map((r) => r.cpu.tool)),
    failed: runsOf(c.id).reduce((n, r) => n + r.failed, 0),
  }));
  console.table(summary);
  /** @type {Record<string, number>} */
  const ratios = {};
  for (const id of ['validate', 'many']) {
    const constant = runs.constant;
    const measured = runs[id];
    if (!constant || !measured) continue;
    const perRound = measured.map(
      (r, i) => r.requestsPerSecond / (constant[i]?.requestsPerSecond ?? Number.NaN),
    );
    const ratio = median(perRound);
    ratios[id] = ratio;
    console.log(
      `ratio ${id === 'validate' ? 'validate (1 key)' : `validate (${bodies.length} keys)`}/constant: ` +
        `${ratio.toFixed(2)} (median of rounds: ${perRound.map((x) => x.toFixed(2)).join(' ')})`,
    );
  }
  if (ratios.validate !== undefined) {
    const p99 = median(runsOf('validate').map((r) => r.p99));
    const met = ratios.validate >= 0.5 && p99 < 25;
    console.log(
      `target (PostgreSQL, 100 connections): ratio >= 0.50 and validate p99 < 25 ms: ${met ? 'met' : 'not met'}`,
    );
  }
  if (env.BENCH_JSON) {
    writeFileSync(
      env.BENCH_JSON,
      JSON.stringify({ database: db.kind, connections, duration, rounds, runs, ratios }, null, 2),
    );
  }
  if (summary.some((r) => r.failed > 0)) {
    process.exitCode = 1;
    console.error('some requests failed: the figures above are not trustworthy');
  }
}

await runBench(main, cleanups);
