// wrk (https://github.com/wg/wrk, Debian package `wrk`) as the load tool of a bench, for the cases where
// autocannon is the limit: autocannon keeps every answer's body as a string, so it spends more CPU per
// answer than a small server does (docs/benchmarks.md, "What bounds `/`"). wrk counts bytes and does not
// decode them. One thread (`-t1`), as autocannon's one event loop.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exitedChildrenCpuSeconds } from './cpu.mjs';

export const wrkPath = process.env.BENCH_WRK ?? '/usr/bin/wrk';

/** @param {string} text e.g. "530.00us", "3.30ms", "1.02s" @returns {number} milliseconds */
function millis(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) throw new Error(`wrk: unreadable latency ${text}`);
  const value = Number(m[1]);
  return m[2] === 'us'
    ? value / 1000
    : m[2] === 'ms'
      ? value
      : m[2] === 's'
        ? value * 1000
        : value * 60000;
}

/**
 * What wrk printed, as numbers (exported for its test).
 * @param {string} out
 */
export function parseWrk(out) {
  const total = /(\d+) requests in ([\d.]+)(\w+),/.exec(out);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(out);
  // wrk pads a figure in seconds: "1.48s " (a trailing space), against "87.74ms".
  const p50 = /^\s+50%\s+(\S+)\s*$/m.exec(out);
  const p99 = /^\s+99%\s+(\S+)\s*$/m.exec(out);
  if (!total || !rate || !p50 || !p99) throw new Error(`wrk: unreadable output\n${out}`);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0;
  return {
    total: Number(total[1]),
    requestsPerSecond: Number(rate[1]),
    p50: millis(p50[1] ?? ''),
    p99: millis(p99[1] ?? ''),
    failed: Number(non2xx?.[1] ?? 0) + socketErrors,
  };
}

/**
 * One wrk run. `toolSeconds` is wrk's CPU time (it runs as a child of this process).
 * @param {{ url: string, method?: string, headers?: Record<string, string>, body?: string,
 *   connections: number, duration: number }} opts
 */
export async function runWrk({ url, method, headers = {}, body, connections, duration }) {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  let dir = '';
  if (method && method !== 'GET') {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stellar-wrk-'));
    const script = path.join(dir, 'request.lua');
    // Lua long brackets hold the body as it is; a body holding "]==]" is not expected here.
    writeFileSync(script, `wrk.method = "${method}"\nwrk.body = [==[${body ?? ''}]==]\n`);
    args.push('-s', script);
  }
  args.push(url);
  try {
    const before = exitedChildrenCpuSeconds();
    const out = await new Promise((resolve, reject) => {
      const child = spawn(wrkPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited (${code}): ${text}`)),
      );
    });
    const after = exitedChildrenCpuSeconds();
    return {
      ...parseWrk(/** @type {string} */ (out)),
      toolSeconds: before === null || after === null ? null : after - before,
    };
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
