import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, serverBundle, serverEntry } from './paths.mjs';

/**
 * V8 flags of the compiled server. The young generation may grow to 8 MB per semi-space:
 * --optimize-for-size held it at its smallest, about 210 scavenges a second under the licence check,
 * 15-19 % of the main thread (docs/benchmarks.md, "Garbage collection under the licence check"). The old
 * generation is capped at 512 MB, which also caps how far V8's own growth heuristic lets it grow after a
 * full collection (the JavaScript heap in use peaks at 52-104 MB in bench:memory); that keeps the process
 * under the memory target. It replaces a fixed growth of 10 % (--heap-growing-percent=10), which left
 * some processes collecting again and again: 2 of 6 embedded-database servers spent 56-57 µs of CPU per
 * healthz answer against 22-28 for the others, none of 6 with the cap (docs/benchmarks.md, "A fresh
 * pair of processes every round; the old generation capped instead of growing by 10 %").
 */
export const SERVER_MEMORY_FLAGS = [
  '--max-semi-space-size=8',
  '--max-old-space-size=512',
  // One V8 background thread instead of four. What those threads allocate (compiling PGlite's
  // WebAssembly, helping the garbage collector) stays resident in a glibc arena per thread once freed:
  // 41-65 MB over four arenas in a restarted server, idle, from one start to the next. With one,
  // bench:memory's RSS max was 221.4-235.0 MB in four runs against 224.4-260.7 in seven (VmHWM
  // 221.5-235.0 against 229.8-264.0), with no cost above the machine's spread in bench:hot or in the
  // start (docs/benchmarks.md, "One V8 background thread").
  '--v8-pool-size=1',
  // No allocation-site pretenuring: V8 otherwise learns from young collections, from the start on,
  // which allocation sites to place straight in the old generation. 11 of 55 fresh embedded-database
  // servers under healthz load fell into a collection storm from the first second of load to the last
  // (minor collections 136-156 ms of every second, 3.3-4.6 full ones a second, 44-62 µs of CPU per
  // answer against 18-36); V8's pretenuring trace showed, in each storm, one site whose objects all
  // survived every young collection. None of 40 with the flag, with no cost above the machine's spread
  // in bench:memory or in bench:hot's reads; PostgreSQL's validate cost 74-105 µs per check with it
  // against 73-93 without, overlapping (docs/benchmarks.md, "No allocation-site pretenuring").
  '--no-allocation-site-pretenuring',
];

/**
 * The environment the compiled server is started with, on top of the caller's (which wins). glibc keeps
 * memory freed by V8's background compilers (WebAssembly tier-up of PGlite, above all) unless told to
 * give back any free top over 128 KB: about 25-45 MB less resident (docs/benchmarks.md, Memory).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnv(env = process.env) {
  return { MALLOC_TRIM_THRESHOLD_: '131072', ...env };
}

/**
 * Node arguments that run the server: from its TypeScript sources through `node --import tsx`
 * (`npm run dev`), or with `compiled` the bundle in apps/server/dist that `npm run build` makes
 * (`npm start`, benches, browser tests). `node --import tsx` rather than the tsx CLI, so the child's
 * pid is the server's own and a signal reaches it directly.
 * A .env file at the repo root is loaded when present; variables already set in the environment win.
 */
export function serverNodeArgs({ watch = false, envFile = true, compiled = false } = {}) {
  const args = [];
  if (envFile && existsSync(path.join(repoRoot, '.env'))) args.push('--env-file=.env');
  if (watch) args.push('--watch');
  if (compiled) args.push(...SERVER_MEMORY_FLAGS, '--enable-source-maps', serverBundle);
  else args.push('--import', 'tsx', serverEntry);
  return args;
}
