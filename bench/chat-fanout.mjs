// npm run bench:chat: live chat fan-out. One server process, one ticket, N WebSocket clients
// subscribed to it; a member posts messages over HTTP at a steady rate and every socket timestamps
// each arrival. Latency = arrival on a socket - the moment the POST was sent. See docs/benchmarks.md.
//
//   BENCH_DATABASE_URL=postgres://...  run on PostgreSQL (a throwaway database is created and dropped)
//   BENCH_SOCKETS (200)  BENCH_RATE messages/s (20)  BENCH_DURATION seconds (10)
//   BENCH_SESSIONS distinct staff sessions the sockets share (BENCH_SOCKETS: one each), spread over
//   Support accounts of at most 10 sockets each (the server caps live sockets per account)
//   BENCH_PORT (random)  BENCH_LOG_LEVEL (warn)  BENCH_JSON=file
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { throwawayDatabase } from './lib/postgres.mjs';
import WebSocket from 'ws';
import { apiClient, startServer as startBenchServer, waitReady, runBench } from './lib/server.mjs';
import { cpuSeconds } from './lib/cpu.mjs';

const env = process.env;
const socketCount = Number(env.BENCH_SOCKETS ?? 200);
const rate = Number(env.BENCH_RATE ?? 20);
const duration = Number(env.BENCH_DURATION ?? 10);
const sessionCount = Math.min(socketCount, Number(env.BENCH_SESSIONS ?? socketCount));
const port = Number(env.BENCH_PORT ?? 7000 + Math.floor(Math.random() * 900));
const base = `http://127.0.0.1:${port}`;
const TARGET_P95_MS = 100;
/** The server's cap on live sockets per account (packages/shared WS_SOCKETS_PER_USER). */
const WS_SOCKETS_PER_USER = 10;
const owner = { username: 'bench-owner', password: randomBytes(12).toString('base64url') };
/** @type {import('./lib/server.mjs').Cleanups} */
const cleanups = [];

/** A fresh database for this run: a PGlite folder, or a throwaway PostgreSQL database. */
async function prepareDatabase() {
  if (env.BENCH_DATABASE_URL) {
    const { url } = await throwawayDatabase(env.BENCH_DATABASE_URL, 'stellar_bench', cleanups);
    return { kind: 'PostgreSQL', vars: { DATABASE_URL: url } };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stellar-bench-chat-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { kind: 'PGlite (embedded)', vars: { DATA_DIR: dataDir } };
}

/** @param {Record<string, string | undefined>} vars */
function startServer(vars) {
  return startBenchServer({
    port,
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
 * A socket subscribed to the ticket, recording when each bench message arrives.
 * @param {string} token
 * @param {string} ticketId
 * @param {(text: string, at: number) => void} onArrival
 * @returns {Promise<WebSocket>}
 */
function connect(token, ticketId, onArrival) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws?token=${token}`);
    ws.on('error', reject);
    ws.on('close', (code, reason) => {
      if (code !== 1000 && code !== 1005) reject(new Error(`socket closed ${code} ${reason}`));
    });
    ws.on('message', (data) => {
      const at = performance.now();
      const frame = JSON.parse(String(data));
      if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', ticketId }));
      else if (frame.type === 'subscribed') resolve(ws);
      else if (frame.type === 'error') reject(new Error(frame.message));
      else if (frame.type === 'message') onArrival(frame.message.message, at);
    });
  });
}

/**
 * @param {number[]} sorted
 * @param {number} p
 */
const percentile = (sorted, p) =>
  sorted.length
    ? /** @type {number} */ (
        sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
      )
    : NaN;
// An empty sample reads as NaN, as undefined * 10 did.
const ms = (/** @type {number | undefined} */ v) => Math.round(Number(v) * 10) / 10;

async function main() {
  const loadBefore = os.loadavg();
  const db = await prepareDatabase();
  const server = startServer(db.vars);
  await waitReady(server);

  const member = { username: 'bench-member', password: 'bench-member-password' };
  await api('POST', '/register', member);
  const { token: memberToken } = await api('POST', '/auth/login', member);
  const { id: ticketId } = await api(
    'POST',
    '/ticket/tickets',
    { message: 'Chat fan-out bench' },
    memberToken,
  );

  // Staff watching the ticket: Support accounts of at most WS_SOCKETS_PER_USER sockets each (the
  // server refuses the 11th socket of one account), each socket on one of its account's sessions.
  const { token: ownerToken } = await api('POST', '/auth/login', owner);
  const accounts = Math.ceil(socketCount / WS_SOCKETS_PER_USER);
  const sessionsPerAccount = Math.max(
    1,
    Math.min(WS_SOCKETS_PER_USER, Math.ceil(sessionCount / accounts)),
  );
  /** @type {string[][]} */
  const tokensOf = [];
  for (let a = 0; a < accounts; a += 1) {
    const staff = { username: `bench-staff-${a}`, password: 'bench-staff-password' };
    const { user } = await api('POST', '/register', staff);
    await api('PUT', `/users/${user._id}/role`, { role: 'Support' }, ownerToken);
    const tokens = [];
    for (let i = 0; i < sessionsPerAccount; i += 1) {
      tokens.push((await api('POST', '/auth/login', staff)).token);
    }
    tokensOf.push(tokens);
  }
  const tokenFor = (/** @type {number} */ socket) => {
    const tokens = /** @type {string[]} */ (tokensOf[Math.floor(socket / WS_SOCKETS_PER_USER)]);
    return /** @type {string} */ (tokens[socket % tokens.length]);
  };
  const sentAt = new Map(); // message text -> performance.now() when its POST was sent
  /** @type {number[]} */
  const latencies = [];
  let received = 0;
  /** @type {(text: string, at: number) => void} */
  const onArrival = (text, at) => {
    const start = sentAt.get(text);
    if (start === undefined) return;
    received += 1;
    latencies.push(at - start);
  };
  const sockets = [];
  for (let i = 0; i < socketCount; i += 20) {
    const batch = [];
    for (let j = i; j < Math.min(socketCount, i + 20); j += 1) {
      batch.push(connect(tokenFor(j), ticketId, onArrival));
    }
    sockets.push(...(await Promise.all(batch)));
  }

  // Warm-up: a few unmeasured messages.
  for (let i = 0; i < 5; i += 1) {
    await api('POST', `/tickets/${ticketId}/chats`, { message: `warm-up ${i}` }, memberToken);
  }
  await new Promise((r) => setTimeout(r, 500));

  const total = rate * duration;
  /** @type {number[]} */
  const postLatencies = [];
  const posts = [];
  const cpuBefore = cpuSeconds(server.child.pid);
  const startedAt = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = startedAt + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const text = `bench message ${i}`;
    const t0 = performance.now();
    sentAt.set(text, t0);
    posts.push(
      api('POST', `/tickets/${ticketId}/chats`, { message: text }, memberToken).then(() =>
        postLatencies.push(performance.now() - t0),
      ),
    );
  }
  await Promise.all(posts);
  const expected = total * socketCount;
  const deadline = Date.now() + 10_000;
  while (received < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const cpuAfter = cpuSeconds(server.child.pid);
  const serverCpu =
    cpuBefore === null || cpuAfter === null
      ? null
      : (cpuAfter - cpuBefore) / ((performance.now() - startedAt) / 1000);
  for (const ws of sockets) ws.close(1000);

  latencies.sort((a, b) => a - b);
  postLatencies.sort((a, b) => a - b);
  const cpu = os.cpus();
  console.log(
    `\nStellar chat fan-out bench: ${db.kind}, one server process, ${socketCount} sockets ` +
      `(${sessionCount} sessions) on one ticket, ${rate} messages/s for ${duration} s, ` +
      `${cpu.length} x ${cpu[0]?.model.trim()}, Node ${process.version}, ` +
      `load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}\n`,
  );
  const row = (/** @type {string} */ name, /** @type {number[]} */ values) => ({
    measure: name,
    samples: values.length,
    'p50 ms': ms(percentile(values, 50)),
    'p95 ms': ms(percentile(values, 95)),
    'p99 ms': ms(percentile(values, 99)),
    'max ms': ms(values.at(-1)),
  });
  const result = [
    row('delivery (POST sent -> socket)', latencies),
    row('POST answer', postLatencies),
  ];
  console.table(result);
  const p95 = percentile(latencies, 95);
  console.log(
    `delivered ${received} of ${expected}; delivery p95 ${ms(p95)} ms ` +
      `(target < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'not met'})` +
      (serverCpu === null ? '' : `; server CPU ${Math.round(serverCpu * 100)}% of one core`),
  );
  if (env.BENCH_JSON) {
    writeFileSync(
      env.BENCH_JSON,
      JSON.stringify(
        {
          database: db.kind,
          socketCount,
          sessionCount,
          rate,
          duration,
          received,
          expected,
          result,
        },
        null,
        2,
      ),
    );
  }
  if (received < expected) {
    process.exitCode = 1;
    console.error('some messages were not delivered: the figures above are not trustworthy');
  }
}

await runBench(main, cleanups, { exit: true });
