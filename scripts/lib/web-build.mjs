import { repoRoot } from './paths.mjs';
import { npmCommand, run } from './processes.mjs';
import { staleReason } from './stale.mjs';

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

/** Why the web app must be rebuilt, or null when apps/web/dist is up to date. */
export function webBuildStaleReason(root = repoRoot) {
  return staleReason(root, BUILT_INDEX, WEB_INPUTS, 'the web app');
}

/** Runs the web app's build when apps/web/dist is missing or older than its sources. */
export async function buildWebIfStale(log = (/** @type {string} */ line) => console.log(line)) {
  const reason = webBuildStaleReason();
  if (!reason) return;
  log(`Building the web app first: ${reason}.`);
  const { command, args } = npmCommand(['run', 'build', '-w', 'apps/web']);
  const { code, signal } = await run(command, args, { cwd: repoRoot });
  if (signal) process.exit(1);
  if (code !== 0) {
    console.error(`The web build failed (exit code ${code}).`);
    process.exit(code ?? 1);
  }
}
