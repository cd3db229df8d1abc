// `npm run dev`: the server with reload on :5000 and Vite with hot reload on :5173 (it proxies /api).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './lib/paths.mjs';
import { exitCodeOf } from './lib/processes.mjs';
import { serverNodeArgs } from './lib/server-command.mjs';

const webDir = path.join(repoRoot, 'apps/web');
const vitePackage = createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json');
const viteBin = path.join(
  path.dirname(vitePackage),
  JSON.parse(readFileSync(vitePackage, 'utf8')).bin.vite,
);

const colour = process.stdout.isTTY;
const childEnv = { ...process.env, ...(colour ? { FORCE_COLOR: '1' } : {}) };
const tasks = [
  {
    name: 'server',
    tint: 36, // cyan
    args: serverNodeArgs({ watch: true }),
    cwd: repoRoot,
    // Vite's proxy targets localhost:5000; `localhost` makes Fastify listen on IPv4 and IPv6 loopback.
    env: { ...childEnv, PORT: '5000', HOST: process.env.HOST ?? 'localhost' },
  },
  { name: 'web', tint: 35 /* magenta */, args: [viteBin], cwd: webDir, env: childEnv },
];

const width = Math.max(...tasks.map((t) => t.name.length));
/** @typedef {(typeof tasks)[number]} Task */
const label = (/** @type {Task} */ task) => {
  const text = `[${task.name}]`.padEnd(width + 2);
  return colour ? `\x1b[${task.tint}m${text}\x1b[0m` : text;
};

/**
 * @param {import('node:stream').Readable} stream
 * @param {Task} task
 * @param {NodeJS.WriteStream} out
 */
function prefixLines(stream, task, out) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    out.write(`${label(task)} ${line}\n`);
  });
}

let stopping = false;
/** @type {import('./lib/processes.mjs').ChildEnd | null} */
let firstExit = null;
const running = new Set();

const children = tasks.map((task) => {
  const child = spawn(process.execPath, task.args, {
    cwd: task.cwd,
    env: task.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  prefixLines(child.stdout, task, process.stdout);
  prefixLines(child.stderr, task, process.stderr);
  child.on('close', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      // One side died on its own: the other is useless without it.
      console.error(`${label(task)} exited (${signal ?? `code ${code}`}); stopping the rest.`);
      firstExit = { code: code === 0 ? 1 : code, signal };
      stop('SIGTERM');
    }
    if (running.size === 0) process.exit(firstExit ? exitCodeOf(firstExit) : 0);
  });
  return child;
});

/** @param {NodeJS.Signals} signal */
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (running.has(child)) child.kill(signal);
  // Anything still up after 5 s is killed outright.
  setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop('SIGTERM'));
