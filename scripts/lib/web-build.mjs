import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.mjs';
import { npmCommand, run } from './processes.mjs';

/** What the built web app is made from (paths relative to the repo root). */
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
];
const BUILT_INDEX = 'apps/web/dist/index.html';
// Tests never reach the bundle, so editing one must not force a rebuild.
const isTestFile = (/** @type {string} */ name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/**
 * The newest file under `target` (a file or a folder walked recursively), or null if none.
 * @param {string} target
 * @returns {{ file: string, mtimeMs: number } | null}
 */
function newestFile(target) {
  /** @type {{ file: string, mtimeMs: number } | null} */
  let newest = null;
  /** @param {string} file */
  const visit = (file) => {
    const stat = statSync(file);
    if (stat.isDirectory()) {
      if (path.basename(file) === 'test') return;
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    } else if (!isTestFile(file) && (!newest || stat.mtimeMs > newest.mtimeMs)) {
      newest = { file, mtimeMs: stat.mtimeMs };
    }
  };
  if (existsSync(target)) visit(target);
  return newest;
}

/** Why the web app must be rebuilt, or null when apps/web/dist is up to date. */
export function webBuildStaleReason(root = repoRoot) {
  const index = path.join(root, BUILT_INDEX);
  if (!existsSync(index)) return 'the web app has not been built yet';
  const builtAt = statSync(index).mtimeMs;
  for (const input of WEB_INPUTS) {
    const newest = newestFile(path.join(root, input));
    if (newest && newest.mtimeMs > builtAt) {
      return `${path.relative(root, newest.file)} changed since the last build`;
    }
  }
  return null;
}

/** Runs `npm run build` when the built web app is missing or older than its sources. */
export async function buildWebIfStale(log = (/** @type {string} */ line) => console.log(line)) {
  const reason = webBuildStaleReason();
  if (!reason) return;
  log(`Building the web app first: ${reason}.`);
  const { command, args } = npmCommand(['run', 'build']);
  const { code, signal } = await run(command, args, { cwd: repoRoot });
  if (signal) process.exit(1);
  if (code !== 0) {
    console.error(`The web build failed (exit code ${code}).`);
    process.exit(code ?? 1);
  }
}
