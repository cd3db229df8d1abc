// What every bench needs: a server process started for load (rate limits off, no web app), a wait
// for /api/readyz, a JSON client, and a stop that the bench's clean-up runs.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/paths.mjs';
import { buildServerIfStale } from '../../scripts/lib/server-build.mjs';
import { serverEnv, serverNodeArgs } from '../../scripts/lib/server-command.mjs';

/** What a bench runs on its way out, first to last. @typedef {Array<() => unknown>} Cleanups */

/**
 * The built web app (`npm run build`'s apps/web/dist, or BENCH_WEB_DIST), for a bench that measures the
 * server as `npm start` runs it, pages and their server renderer included: `{ WEB_DIST }` to pass in
 * `vars`, and a line saying which was used. Without a build the server runs API-only, as said.
 */
export function builtWebApp(env = process.env) {
  const dir = path.resolve(repoRoot, env.BENCH_WEB_DIST ?? 'apps/web/dist');
  if (existsSync(path.join(dir, 'index.html'))) {
    const ssr = existsSync(`${dir}-ssr/pages.js`) ? ' with its product page renderer' : '';
    return { vars: { WEB_DIST: dir }, label: `web app ${path.relative(repoRoot, dir)}${ssr}` };
  }
  return { vars: { WEB_DIST: '/nonexistent' }, label: 'no web app (run npm run build first)' };
}

/**
 * With DATABASE_URL the server needs ENCRYPTION_KEY and LICENCE_SIGNING_KEY (every process the same):
 * one pair per bench run, unless the environment gives them.
 */
const benchSecrets = {
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  LICENCE_SIGNING_KEY: generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString(),
};

/**
 * The node arguments of a bench's server: the server's own (`npm start`'s memory flags for the
 * compiled bundle), then `nodeArgs`, then the script. node keeps the last of a repeated V8 flag, so
 * BENCH_SERVER_NODE_ARGS="--max-semi-space-size=16" replaces the server's 8; before the server's
 * own flags it was silently overridden by them.
 * @param {string[]} nodeArgs
 * @param {boolean} compiled
 * @returns {string[]}
 */
export function benchServerArgs(nodeArgs, compiled) {
  const args = serverNodeArgs({ envFile: false, compiled });
  return [...args.slice(0, -1), ...nodeArgs, ...args.slice(-1)];
}

/**
 * Starts the compiled server (`node --enable-source-maps apps/server/dist/server.js`, built first when
 * stale), as `npm start` does, on 127.0.0.1:`port`. `source` (default: BENCH_SERVER=source) runs
 * `node --import tsx apps/server/src/server.ts` instead, e.g. for a --cpu-prof profile whose functions
 * are attributed to source files. `vars` override the environment (DATA_DIR or DATABASE_URL, OWNER_*,
 * LOG_LEVEL, WEB_DIST...); `nodeArgs` go before the script (e.g. --cpu-prof), after the compiled
 * server's own V8 flags, so they override them (benchServerArgs). When `cleanups` is
 * given, stopping the server is added to its front.
 * @param {{
 *   port: number,
 *   vars?: Record<string, string | undefined>,
 *   nodeArgs?: string[],
 *   cleanups?: Cleanups,
 *   source?: boolean,
 * }} options
 */
export function startServer({
  port,
  vars = {},
  nodeArgs = [],
  cleanups,
  source = process.env.BENCH_SERVER === 'source',
}) {
  let tail = '';
  if (!source) buildServerIfStale();
  const child = spawn(process.execPath, benchServerArgs(nodeArgs, !source), {
    cwd: repoRoot,
    env: {
      ...benchSecrets,
      ...serverEnv(),
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...vars,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (/** @type {Buffer} */ chunk) => (tail = (tail + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const server = {
    child,
    base: `http://127.0.0.1:${port}`,
    tail: () => tail,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
  cleanups?.unshift(() => server.stop());
  return server;
}

/** @typedef {ReturnType<typeof startServer>} BenchServer */
/** @typedef {ReturnType<typeof apiClient>} Api */

/**
 * Resolves once /api/readyz answers; throws with the server's last output if it dies or times out.
 * @param {BenchServer} server
 */
export async function waitReady(server, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.tail()}`);
    try {
      if ((await fetch(`${server.base}/api/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready:\n${server.tail()}`);
}

/**
 * `api(method, url, body?, token?)` against `${base}/api`, JSON in and out; non-2xx throws.
 * @param {string} base
 */
export function apiClient(base) {
  /**
   * @param {string} method
   * @param {string} url
   * @param {unknown} [body]
   * @param {string} [token]
   * @returns {Promise<any>} the parsed JSON answer, shaped by the endpoint
   */
  return async function api(method, url, body, token) {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/**
 * Runs a bench's `main`, then its clean-ups first to last whatever happened (a failing clean-up does not
 * stop the others); an error sets exit code 1. `exit` ends the process at once (open sockets left over).
 * @param {() => Promise<unknown>} main
 * @param {Cleanups} cleanups
 * @param {{ exit?: boolean }} [options]
 */
export async function runBench(main, cleanups, { exit = false } = {}) {
  try {
    await main();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups)
      await Promise.resolve()
        .then(cleanup)
        .catch(() => {});
    if (exit) process.exit();
  }
}
