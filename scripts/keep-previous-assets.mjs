// `node scripts/keep-previous-assets.mjs hold DIST` before a build of the web app and
// `node scripts/keep-previous-assets.mjs restore DIST` after it: the files the previous build wrote into
// DIST/assets stay there for one more build.
//
// A deploy replaces DIST, and a page opened before it still runs the previous build: its screens load
// their chunks by hashed name when first shown. Without those files the page reloads once
// (apps/web/src/app/routing/stale-build.ts), which on a launch day is a reload of every open tab. The
// names carry a hash of the content, so the two builds' files do not collide (the same name is the same
// file). One generation only: the files that were kept from the build before are dropped, so DIST/assets
// holds at most two builds. DIST/.vite/kept-assets.json lists the files carried over (not the build's
// own), which the next `hold` drops.
//
// `hold` moves the build's own files out of DIST (to node_modules/.cache/previous-assets beside it), as
// `vite build` empties DIST. If a build fails between the two steps, the held files stay where they are
// and the next `hold` keeps them: they are still the last finished build's.
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const KEPT_LIST = path.join('.vite', 'kept-assets.json');

/** @param {string} dist */
function heldDirOf(dist) {
  return path.join(path.dirname(dist), 'node_modules', '.cache', 'previous-assets');
}

/** @param {string} dir */
async function filesIn(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/**
 * rename, or copy and remove when the two folders are on different file systems (node_modules mounted
 * as a volume of its own, as container setups do).
 */
async function move(/** @type {string} */ from, /** @type {string} */ to) {
  try {
    await rename(from, to);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EXDEV') throw error;
    await cp(from, to);
    await rm(from);
  }
}

/**
 * The files DIST/assets holds from the build before the last one; none when the list is missing or
 * unreadable (its files then stay one build longer).
 * @param {string} dist
 * @returns {Promise<string[]>}
 */
async function keptBefore(dist) {
  try {
    /** @type {unknown} */
    const listed = JSON.parse(await readFile(path.join(dist, KEPT_LIST), 'utf8'));
    return Array.isArray(listed) ? listed.filter((name) => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Moves the previous build's own files out of DIST/assets; the files it had kept are left to be
 * emptied with DIST.
 * @param {string} dist
 * @returns {Promise<{ held: number, dropped: number, pending: boolean }>}
 */
async function hold(dist) {
  const held = heldDirOf(dist);
  if (existsSync(held)) return { held: (await filesIn(held)).length, dropped: 0, pending: true };
  const assets = path.join(dist, 'assets');
  const names = await filesIn(assets);
  if (names.length === 0) return { held: 0, dropped: 0, pending: false };
  const kept = new Set(await keptBefore(dist));
  await mkdir(held, { recursive: true });
  let moved = 0;
  for (const name of names) {
    if (kept.has(name)) continue;
    await move(path.join(assets, name), path.join(held, name));
    moved += 1;
  }
  return { held: moved, dropped: names.length - moved, pending: false };
}

/**
 * Puts the held files back into the new build's DIST/assets (a name the new build wrote itself is
 * left as it is) and lists them in DIST/.vite/kept-assets.json.
 * @param {string} dist
 * @returns {Promise<{ kept: number, bytes: number }>}
 */
async function restore(dist) {
  const held = heldDirOf(dist);
  const assets = path.join(dist, 'assets');
  /** @type {string[]} */
  const kept = [];
  let bytes = 0;
  for (const name of await filesIn(held)) {
    const target = path.join(assets, name);
    if (existsSync(target)) continue;
    await mkdir(assets, { recursive: true });
    bytes += (await stat(path.join(held, name))).size;
    await move(path.join(held, name), target);
    kept.push(name);
  }
  await mkdir(path.dirname(path.join(dist, KEPT_LIST)), { recursive: true });
  await writeFile(path.join(dist, KEPT_LIST), `${JSON.stringify(kept.sort(), null, 2)}\n`);
  await rm(held, { recursive: true, force: true });
  return { kept: kept.length, bytes };
}

async function main() {
  const [step, dir] = process.argv.slice(2);
  if ((step !== 'hold' && step !== 'restore') || !dir) {
    console.error('Usage: node scripts/keep-previous-assets.mjs hold|restore DIST');
    process.exit(2);
  }
  const dist = path.resolve(dir);
  const shown = path.relative(process.cwd(), dist) || '.';
  if (step === 'hold') {
    const { held, dropped, pending } = await hold(dist);
    console.log(
      pending
        ? `keep-previous-assets: ${held} file(s) still held from a build that did not finish`
        : `keep-previous-assets: ${held} file(s) of the previous build held, ${dropped} older one(s) dropped`,
    );
  } else {
    const { kept, bytes } = await restore(dist);
    console.log(
      `keep-previous-assets: ${kept} file(s) of the previous build kept in ${shown}/assets ` +
        `(${(bytes / 1024).toFixed(1)} KB)`,
    );
  }
}

await main();
