// npm run bench:memory: the server's resident memory (RSS) with many live sockets under a steady request
// mix. One server process; members (at most 10 sockets each, the server's cap) open N WebSocket clients to
// /api/ws, each subscribed to its member's own ticket; then a timer loop sends a steady mix of public
// reads, member reads and chat posts (which reach the sockets) while the server's VmRSS is read from
// /proc every second. See docs/benchmarks.md.
//
//   BENCH_DATABASE_URL=postgres://...  run on PostgreSQL (a throwaway database is created and dropped)
//   BENCH_SOCKETS (1000)  BENCH_RATE requests/s (100)  BENCH_DURATION seconds (60)
//   BENCH_PORT (random)  BENCH_LOG_LEVEL (warn)  BENCH_JSON=file
//   BENCH_SERVER_NODE_ARGS  extra node arguments of the server process (e.g. --max-semi-space-size=4)
//   BENCH_WEB_DIST (apps/web/dist)  the built web app served, its pages in the mix (none when not built)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { throwawayDatabase } from './lib/postgres.mjs';
import WebSocket from 'ws';
import {
  apiClient,
  builtWebApp,
  startServer as startBenchServer,
  waitReady,
  runBench,
} from './lib/server.mjs';
import { cpuSeconds } from './lib/cpu.mjs';

const env = process.env;
const socketCount = Number(env.BENCH_SOCKETS ?? 1000);
const rate = Number(env.BENCH_RATE ?? 100);
const duration = Number(env.BENCH_DURATION ?? 60);
const port = Number(env.BENCH_PORT ?? 7000 + Math.floor(Math.random() * 900));
const base = `http://127.0.0.1:${port}`;
const TARGET_RSS_MB = 250;
/** The built web app, served as npm start serves it (pages in the request mix), when built. */
const web = builtWebApp();
/** The server's cap on live sockets per account (packages/shared WS_SOCKETS_PER_USER). */
const WS_SOCKETS_PER_USER = 10;
const owner = { username: 'bench-owner', password: randomBytes(12).toString('base64url') };
/** @type {import('./lib/server.mjs').Cleanups} */
const cleanups = [];

/**
 * Loaded into the server with --import: appends process.memoryUsage() to a file every second, so the
 * heap figures come from the server itself without touching its code.
 */
const probe = `import { appendFileSync } from 'node:fs';
const file = process.env.BENCH_MEMORY_FILE;
setInterval(() => appendFileSync(file, JSON.stringify(process.memoryUsage()) + '\\n'), 1000).unref();`;

/** A fresh database for this run: a PGlite folder, or a throwaway PostgreSQL database. */
async function prepareDatabase() {
  if (env.BENCH_DATABASE_URL) {
    const { url } = await throwawayDatabase(env.BENCH_DATABASE_URL, 'stellar_bench_mem', cleanups);
    return { kind: 'PostgreSQL', vars: { DATABASE_URL: url } };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stellar-bench-mem-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { kind: 'PGlite (embedded)', vars: { DATA_DIR: dataDir, DATABASE_URL: '' } };
}

/**
 * VmRSS and VmHWM of a process in MB (Linux /proc), or null elsewhere.
 * @param {number | undefined} pid
 */
function residentMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (/** @type {string} */ field) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/**
 * The server's last process.memoryUsage() in MB, written by the probe.
 * @param {string} file
 * @returns {Record<string, number> | null}
 */
function lastHeap(file) {
  try {
    const line = readFileSync(file, 'utf8').trimEnd().split('\n').at(-1) ?? '';
    /** @type {Record<string, number>} */
    const usage = JSON.parse(line);
    return Object.fromEntries(Object.entries(usage).map(([k, v]) => [k, v / 1024 / 1024]));
  } catch {
    return null;
  }
}

const api = apiClient(base);
/**
 * The load's connections: a bounded keep-alive pool, as a reverse proxy would hold, so a slow moment
 * queues requests here instead of opening hundreds of connections to the server.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * One request of the load; resolves on 2xx, rejects with the status otherwise.
 * @param {{ method: string, url: string, page?: boolean, token?: string, body?: unknown }} req
 * @returns {Promise<void>}
 */
function send(req) {
  const body = req.body === undefined ? undefined : JSON.stringify(req.body);
  return new Promise((resolve, reject) => {
    const r = http.request(
      req.page ? `${base}${req.url}` : `${base}/api${req.url}`,
      {
        method: req.method,
        agent,
        timeout: 30_000,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
          ...(req.page ? { 'accept-encoding': 'br, gzip' } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`${req.method} ${req.url}: ${status}`));
        });
      },
    );
    r.on('timeout', () => r.destroy(new Error('no answer in 30 s')));
    r.on('error', reject);
    r.end(body);
  });
}
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const mb = (/** @type {number | undefined} */ v) => Math.round(Number(v) * 10) / 10;

/**
 * A socket subscribed to `ticketId`; `onClose` hears of every close, `onFrame` of every frame after.
 * @param {string} token
 * @param {string} ticketId
 * @param {{ onFrame: () => void, onClose: (code: number, reason: string) => void }} on
 * @returns {Promise<WebSocket>}
 */
function connect(token, ticketId, on) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws?token=${token}`);
    let subscribed = false;
    ws.on('error', reject);
    ws.on('close', (code, reason) => {
      on.onClose(code, String(reason));
      reject(new Error(`socket closed ${code} ${reason}`));
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', ticketId }));
      else if (frame.type === 'subscribed') {
        subscribed = true;
        resolve(ws);
      } else if (frame.type === 'error') reject(new Error(frame.message));
      else if (subscribed) on.onFrame();
    });
  });
}

/**
 * Members with a licence each and their own ticket: enough accounts for `socketCount` sockets.
 * @param {number} accounts
 */
async function prepareMembers(accounts) {
  const { token: ownerToken } = await api('POST', '/auth/login', owner);
  const [product] = await api('GET', '/products');
  const members = [];
  for (let a = 0; a < accounts; a += 1) {
    const member = { username: `bench-member-${a}`, password: 'bench-member-password' };
    await api('POST', '/register', member);
    const { token } = await api('POST', '/auth/login', member);
    const { keys } = await api(
      'POST',
      '/keys/generate',
      { productId: product._id, plan: product.pricing.at(-1).plan, quantity: 1 },
      ownerToken,
    );
    await api('POST', '/keys/redeem', { keyCode: keys[0] }, token);
    const { id: ticketId } = await api(
      'POST',
      '/ticket/tickets',
      { message: `Memory bench ticket ${a}` },
      token,
    );
    members.push({ token, ticketId });
  }
  return members;
}

/**
 * The request mix, one entry per tenth of the rate: 4 public reads (the catalogue, the maintenance
 * map, and with the built web app the home page and a product page, rendered on the server), 5 member
 * reads, 1 chat post. Without the web app the two pages are the catalogue and the map again.
 * @param {{ token: string, ticketId: string }} m
 * @param {number} i
 * @returns {{ method: string, url: string, page?: boolean, token?: string, body?: unknown }}
 */
function requestOf(m, i) {
  const mix = [
    { method: 'GET', url: '/products' },
    { method: 'GET', url: '/maintenance/status' },
    { method: 'GET', url: '/ticket/tickets', token: m.token },
    { method: 'GET', url: '/users/owns', token: m.token },
    web.vars.WEB_DIST === '/nonexistent'
      ? { method: 'GET', url: '/products' }
      : { method: 'GET', url: '/product/stellar-launcher', page: true },
    { method: 'GET', url: `/ticket/tickets/${m.ticketId}`, token: m.token },
    web.vars.WEB_DIST === '/nonexistent'
      ? { method: 'GET', url: '/maintenance/status' }
      : { method: 'GET', url: '/', page: true },
    { method: 'GET', url: `/tickets/${m.ticketId}/chats`, token: m.token },
    { method: 'GET', url: '/ticket/tickets', token: m.token },
    {
      method: 'POST',
      url: `/tickets/${m.ticketId}/chats`,
      token: m.token,
      body: { message: `memory bench ${i}` },
    },
  ];
  return /** @type {(typeof mix)[number]} */ (mix[i % mix.length]);
}

/**
 * The server under test, with the memory probe.
 * @param {Record<string, string | undefined>} vars
 * @param {string} heapFile
 */
function startServer(vars, heapFile) {
  return startBenchServer({
    port,
    cleanups,
    nodeArgs: [
      `--import=data:text/javascript,${encodeURIComponent(probe)}`,
      ...(env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    vars: {
      ...web.vars,
      ...vars,
      LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'warn',
      OWNER_USERNAME: owner.username,
      OWNER_PASSWORD: owner.password,
      BENCH_MEMORY_FILE: heapFile,
    },
  });
}

async function main() {
  const loadBefore = os.loadavg();
  const db = await prepareDatabase();
  const heapDir = mkdtempSync(path.join(os.tmpdir(), 'stellar-bench-mem-heap-'));
  cleanups.push(() => rmSync(heapDir, { recursive: true, force: true }));
  /** Memory at the end of each phase. @type {Array<Record<string, string | number>>} */
  const phases = [];
  /**
   * @param {string} name
   * @param {number | undefined} pid
   * @param {string} heapFile
   */
  const phase = (name, pid, heapFile) => {
    const r = residentMb(pid);
    const h = lastHeap(heapFile);
    phases.push({
      phase: name,
      'RSS MB': mb(r?.rss),
      'heap used MB': mb(h?.heapUsed),
      'heap total MB': mb(h?.heapTotal),
      'external MB': mb(h?.external),
      'array buffers MB': mb(h?.arrayBuffers),
    });
  };

  // First start on the empty database (PGlite runs initdb), where the members are set up; then the
  // measured process: a restart on that database, as a running shop's server is.
  const setupHeap = path.join(heapDir, 'setup');
  const setup = startServer(db.vars, setupHeap);
  await waitReady(setup);
  await sleep(1500);
  phase('first start (empty database), idle', setup.child.pid, setupHeap);
  const accounts = Math.ceil(socketCount / WS_SOCKETS_PER_USER);
  const members = await prepareMembers(accounts);
  await sleep(1500);
  phase(`first start, ${accounts} members set up`, setup.child.pid, setupHeap);
  await setup.stop();

  const heapFile = path.join(heapDir, 'measured');
  const server = startServer(db.vars, heapFile);
  await waitReady(server);
  const pid = server.child.pid;
  await sleep(1500);
  phase('restarted, idle', pid, heapFile);

  let frames = 0;
  let unexpectedCloses = 0;
  let closing = false;
  /** @type {Map<string, number>} */
  const closeCodes = new Map();
  const on = {
    onFrame: () => (frames += 1),
    onClose: (/** @type {number} */ code, /** @type {string} */ reason) => {
      if (closing) return;
      unexpectedCloses += 1;
      const key = `${code} ${reason}`;
      closeCodes.set(key, (closeCodes.get(key) ?? 0) + 1);
    },
  };
  const sockets = [];
  for (let i = 0; i < socketCount; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(socketCount, i + 50); j += 1) {
      const m = /** @type {{ token: string, ticketId: string }} */ (
        members[Math.floor(j / WS_SOCKETS_PER_USER)]
      );
      batch.push(connect(m.token, m.ticketId, on));
    }
    sockets.push(...(await Promise.all(batch)));
  }
  await sleep(1500);
  phase(`${socketCount} sockets open`, pid, heapFile);

  /** @type {Array<{ rss: number, hwm: number }>} */
  const samples = [];
  let heapMax = 0;
  const sampler = setInterval(() => {
    const r = residentMb(pid);
    if (r) samples.push(r);
    heapMax = Math.max(heapMax, lastHeap(heapFile)?.heapUsed ?? 0);
  }, 1000);
  let ok = 0;
  /** @type {Map<string, number>} */
  const failures = new Map();
  /** @type {number[]} */
  const latencies = [];
  /** Slowest answer per kind of request. @type {Map<string, number>} */
  const slowest = new Map();
  const pending = [];
  const total = rate * duration;
  const cpuBefore = cpuSeconds(pid);
  const startedAt = performance.now();
  for (let i = 0; i < total; i += 1) {
    const wait = startedAt + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const m = /** @type {{ token: string, ticketId: string }} */ (members[i % members.length]);
    const req = requestOf(m, i);
    const t0 = performance.now();
    pending.push(
      send(req).then(
        () => {
          ok += 1;
          const took = performance.now() - t0;
          latencies.push(took);
          const kind = `${req.method} ${req.url.replace(/\/[0-9a-f-]{16,}/g, '/:id')}`;
          slowest.set(kind, Math.max(slowest.get(kind) ?? 0, took));
        },
        (/** @type {Error} */ err) => {
          const key = err.message.slice(0, 160);
          failures.set(key, (failures.get(key) ?? 0) + 1);
        },
      ),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - startedAt) / 1000;
  await sleep(1000); // the last chat messages reach the sockets
  const cpuAfter = cpuSeconds(pid);
  clearInterval(sampler);
  const end = residentMb(pid);
  if (end) samples.push(end);
  phase(`after ${duration} s of load`, pid, heapFile);
  const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
  closing = true;
  for (const ws of sockets) ws.close(1000);
  agent.destroy();

  const rss = samples.map((s) => s.rss);
  const maxRss = Math.max(...rss);
  const meanRss = rss.reduce((a, b) => a + b, 0) / rss.length;
  const endRss = /** @type {number} */ (rss.at(-1));
  const hwm = Math.max(...samples.map((s) => s.hwm));
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.ceil(0.99 * latencies.length) - 1];
  const serverCpu =
    cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / elapsed;
  const met = maxRss <= TARGET_RSS_MB;
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);

  const cpu = os.cpus();
  console.log(
    `\nStellar memory bench: ${db.kind}, one server process, ${socketCount} sockets ` +
      `(${accounts} members, each on its own ticket), ${rate} requests/s for ${duration} s, ` +
      `${web.label}, ${cpu.length} x ${cpu[0]?.model.trim()}, Node ${process.version}, ` +
      `load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}\n`,
  );
  console.table(phases);
  const result = {
    'RSS max MB': mb(maxRss),
    'RSS mean MB': mb(meanRss),
    'RSS end MB': mb(endRss),
    'VmHWM MB': mb(hwm),
    'heap used max MB': mb(heapMax),
    samples: rss.length,
  };
  console.table([result]);
  console.log(
    `requests: ${ok} ok, ${failed} failed, ${Math.round((ok + failed) / elapsed)} req/s sent, ` +
      `p99 ${mb(p99)} ms; frames received by sockets: ${frames}; sockets open at the end: ` +
      `${open} of ${socketCount}` +
      (serverCpu === null ? '' : `; server CPU ${Math.round(serverCpu * 100)}% of one core`),
  );
  console.log(
    `slowest answer per request: ${[...slowest].map(([k, v]) => `${k} ${Math.round(v)} ms`).join(', ')}`,
  );
  console.log(`target met (RSS <= ${TARGET_RSS_MB} MB throughout): ${met ? 'yes' : 'no'}`);
  for (const [message, count] of failures) console.error(`failed x${count}: ${message}`);
  for (const [close, count] of closeCodes) console.error(`closed x${count}: ${close}`);
  if (env.BENCH_JSON) {
    writeFileSync(
      env.BENCH_JSON,
      JSON.stringify(
        {
          database: db.kind,
          socketCount,
          rate,
          duration,
          loadBefore,
          phases,
          result,
          requests: { ok, failed },
          frames,
          unexpectedCloses,
          targetMet: met,
        },
        null,
        2,
      ),
    );
  }
  if (unexpectedCloses > 0 || open < socketCount) {
    process.exitCode = 1;
    console.error(
      `${unexpectedCloses} sockets closed unexpectedly: the figures are not trustworthy`,
    );
  }
  if (failed > 0) {
    process.exitCode = 1;
    console.error('some requests failed: the figures above are not trustworthy');
  }
}

await runBench(main, cleanups, { exit: true });
