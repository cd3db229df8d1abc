import { createRequire } from 'node:module';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { repoRoot } from './paths.mjs';
import { exitCodeOf, run } from './processes.mjs';
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
const webRoot = path.join(repoRoot, 'apps/web');

/**
 * The web app's build, run in apps/web one step after the other. Each step writes into .build, none
 * into the folders a running server reads; the last puts the finished build in their place
 * (scripts/publish-web-build.mjs). Every step runs in this Node: `node` with a script, or `vite` (the
 * workspace's Vite, found without npm's PATH).
 * @type {Array<['node' | 'vite', ...string[]]>}
 */
export const WEB_BUILD_STEPS = [
  ['vite', 'build', '--outDir', '.build/dist'],
  [
    'vite',
    'build',
    '--ssr',
    'src/prerender/pages.ts',
    '--outDir',
    '.build/dist-ssr',
    '--emptyOutDir',
  ],
  // index.html with the home page's markup prerendered into it (home.html)
  ['node', '../../scripts/prerender-home.mjs', '.build/dist', '.build/dist-ssr'],
  // .br and .gz beside every text file over 1 KB
  ['node', '../../scripts/compress-dist.mjs', '.build/dist'],
  ['node', '../../scripts/publish-web-build.mjs', '.build', '.'],
];

/** How long a build waits for another one in the same folder before it gives up. */
const WAIT_MS = 10 * 60_000;
const POLL_MS = 250;

/** @param {string} cwd */
function viteBin(cwd) {
  const require = createRequire(path.join(cwd, 'package.json'));
  const manifest = require.resolve('vite/package.json');
  const { bin } = /** @type {{ bin: { vite: string } }} */ (require(manifest));
  return path.join(path.dirname(manifest), bin.vite);
}

/**
 * Runs the build's `steps` in `cwd` and returns the exit code (0, or the failed step's), one build at a
 * time per folder. Two builds at once in one folder broke each other: both write into .build, and
 * one failed when the other's `vite build` emptied a folder it was about to read. So a build holds
 * a lock (the folder `.build.lock`, proper-lockfile: kept fresh while its process lives, taken over
 * `lockStaleMs` after it died) and a second one waits for it. A build that waited asks `stillStale`,
 * when given, once it holds the lock, and builds nothing when the other build left nothing to do
 * (null: no reason to build).
 * @param {{ cwd?: string, steps?: Array<['node' | 'vite', ...string[]]>, lockStaleMs?: number,
 *   stillStale?: () => string | null, log?: (line: string) => void }} [options]
 */
export async function buildWeb({
  cwd = webRoot,
  steps = WEB_BUILD_STEPS,
  lockStaleMs = 10_000,
  stillStale,
  log = (line) => console.log(line),
} = {}) {
  const target = path.join(cwd, '.build');
  const options = { realpath: false, stale: lockStaleMs, lockfilePath: `${target}.lock` };
  /** @type {() => Promise<void>} */
  let release;
  try {
    release = await lockfile.lock(target, { ...options, retries: 0 });
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'ELOCKED') throw err;
    log(`Waiting for the other build of the web app in ${path.relative(repoRoot, cwd) || '.'}.`);
    const retries = {
      retries: WAIT_MS / POLL_MS,
      factor: 1,
      minTimeout: POLL_MS,
      maxTimeout: POLL_MS,
    };
    release = await lockfile.lock(target, { ...options, retries });
    if (stillStale && !stillStale()) {
      log('The other build made this one unnecessary.');
      await release();
      return 0;
    }
  }
  try {
    for (const [program, ...args] of steps) {
      const argv = program === 'vite' ? [viteBin(cwd), ...args] : args;
      const end = await run(process.execPath, argv, { cwd });
      if (end.signal || end.code !== 0) return exitCodeOf(end);
    }
    return 0;
  } finally {
    await release();
  }
}

/** Why the web app must be rebuilt, or null when apps/web/dist is up to date. */
export function webBuildStaleReason(root = repoRoot) {
  return staleReason(root, BUILT_INDEX, WEB_INPUTS, 'the web app');
}

/** Runs the web app's build when apps/web/dist is missing or older than its sources. */
export async function buildWebIfStale(log = (/** @type {string} */ line) => console.log(line)) {
  const reason = webBuildStaleReason();
  if (!reason) return;
  log(`Building the web app first: ${reason}.`);
  const code = await buildWeb({ stillStale: () => webBuildStaleReason(), log });
  if (code !== 0) {
    console.error(`The web build failed (exit code ${code}).`);
    process.exit(code);
  }
}
