// npm run bench:start: how long the server takes from spawn to its first 200 on /api/readyz, compiled
// (`node --enable-source-maps apps/server/dist/server.js`, what `npm start` runs) against
// `node --import tsx apps/server/src/server.ts`, on one warm PGlite DATA_DIR (already migrated and
// seeded by a first start, whose time is shown apart). Also the CPU time the server process (all its
// threads) used until then, from /proc on Linux: steadier than wall time on a shared machine. Runs
// alternate between the two; medians are reported. See docs/benchmarks.md.
//
//   BENCH_RUNS (5)  measured starts of each kind, after one unmeasured warm-up start of each
//   BENCH_WEB_DIST (apps/web/dist)  the built web app served, as npm start serves it (none when not built)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, serverBuildStaleReason } from '../scripts/lib/server-build.mjs';
import { builtWebApp, startServer } from './lib/server.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = 7000 + Math.floor(Math.random() * 900);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stellar-bench-start-'));
const web = builtWebApp();
const vars = {
  ...web.vars,
  DATA_DIR: dataDir,
  OWNER_USERNAME: 'bench-owner',
  OWNER_PASSWORD: randomBytes(12).toString('base64url'),
};

/** CPU milliseconds (user + system) used so far by process `pid`, or NaN without /proc. */
function cpuMs(/** @type {number | undefined} */ pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm) ": utime and stime are the 12th and 13th, in ticks of 10 ms (CLK_TCK 100).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * Wall and CPU milliseconds from spawn to the first 200 on /api/readyz.
 * @param {boolean} source
 */
async function timeStart(source) {
  const started = performance.now();
  const server = startServer({ port, vars, source });
  try {
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.tail()}`);
      const res = await fetch(`${server.base}/api/readyz`).catch(() => null);
      if (res?.status === 200) {
        return { wall: performance.now() - started, cpu: cpuMs(server.child.pid) };
      }
      if (performance.now() - started > 90_000) throw new Error(`not ready:\n${server.tail()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await server.stop();
  }
}

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ i) => sorted[i] ?? 0;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};
const ms = (/** @type {number | undefined} */ value) => `${Math.round(value ?? 0)} ms`;

try {
  const build = buildServer();
  console.log(`serving: ${web.label}`);
  console.log(`esbuild bundle: ${Math.round(build.bytes / 1024)} kB in ${build.ms} ms`);
  const checkStarted = performance.now();
  serverBuildStaleReason();
  console.log(
    `staleness check before each compiled start: ${ms(performance.now() - checkStarted)}`,
  );
  const first = await timeStart(false);
  console.log(`first start (migrate + seed an empty DATA_DIR), compiled: ${ms(first.wall)}`);
  await timeStart(false);
  await timeStart(true);
  /** @type {Record<'compiled' | 'tsx', Array<{ wall: number, cpu: number }>>} */
  const times = { compiled: [], tsx: [] };
  for (let i = 0; i < runs; i++) {
    times.compiled.push(await timeStart(false));
    times.tsx.push(await timeStart(true));
  }
  for (const measure of /** @type {const} */ (['wall', 'cpu'])) {
    for (const [kind, starts] of Object.entries(times)) {
      const values = starts.map((s) => s[measure]);
      const list = values.map((v) => Math.round(v)).join(', ');
      console.log(
        `${measure} ${kind.padEnd(8)} median ${ms(median(values))}  min ${ms(Math.min(...values))}  max ${ms(Math.max(...values))}  (${list})`,
      );
    }
    const pick = (/** @type {'compiled' | 'tsx'} */ kind) =>
      median(times[kind].map((s) => s[measure]));
    console.log(`${measure} compiled / tsx: ${(pick('compiled') / pick('tsx')).toFixed(2)}`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
