// `node scripts/publish-web-build.mjs BUILD APP`, the last step of the web app's build
// (apps/web/package.json): puts the finished build, BUILD/dist and BUILD/dist-ssr, in place of APP/dist
// and APP/dist-ssr, with the files the replaced build wrote into their assets/ carried over.
//
// The build writes into BUILD, not into the folders a running server reads: `vite build` empties its
// output folder first, and built in place a running server answered 404 for its page's entry script for
// 6.6 s of a 14 s build (a page opened then did not start; docs/operations.md, Upgrades). Each folder
// is then replaced by two renames, microseconds apart. A build that fails leaves APP as it was.
//
// Carried over: a page opened before a deploy still runs the previous build, and its screens load
// their chunks by hashed name when first shown. Without those files the page reloads once
// (apps/web/src/app/routing/stale-build.ts), which on a launch day is a reload of every open tab. A
// server started before the deploy imports the SSR bundle's lazy chunks (dist-ssr/assets) by name the
// same way, when it first renders a page that needs one. The names carry a hash of the content, so the
// two builds' files do not collide (the same name is the same file). One generation only: the files
// the replaced build had itself carried over are dropped, so assets/ holds at most two builds.
// .vite/kept-assets.json lists the files carried over (not the build's own).
import { existsSync } from 'node:fs';
import {
  copyFile,
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';

/** The folders of a build, the one the server checks for (dist/index.html) last. */
const FOLDERS = ['dist-ssr', 'dist'];
const KEPT_LIST = path.join('.vite', 'kept-assets.json');

/** @param {string} dir */
async function filesIn(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/**
 * The files `dir`/assets holds from the build before the one that wrote it; none when the list is
 * missing or unreadable (its files then stay one build longer).
 * @param {string} dir
 * @returns {Promise<Set<string>>}
 */
async function keptBefore(dir) {
  try {
    /** @type {unknown} */
    const listed = JSON.parse(await readFile(path.join(dir, KEPT_LIST), 'utf8'));
    return new Set(Array.isArray(listed) ? listed.filter((name) => typeof name === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * Copies the files `previous`/assets holds of its own build into `next`/assets (a name the new build
 * wrote itself is left as it is) and lists them in `next`/.vite/kept-assets.json.
 * @param {string} previous
 * @param {string} next
 * @returns {Promise<{ kept: number, bytes: number }>}
 */
async function carry(previous, next) {
  const dropped = await keptBefore(previous);
  /** @type {string[]} */
  const kept = [];
  let bytes = 0;
  await mkdir(path.join(next, 'assets'), { recursive: true });
  for (const name of await filesIn(path.join(previous, 'assets'))) {
    const target = path.join(next, 'assets', name);
    if (dropped.has(name) || existsSync(target)) continue;
    await copyFile(path.join(previous, 'assets', name), target);
    bytes += (await stat(target)).size;
    kept.push(name);
  }
  await mkdir(path.dirname(path.join(next, KEPT_LIST)), { recursive: true });
  await writeFile(path.join(next, KEPT_LIST), `${JSON.stringify(kept.sort(), null, 2)}\n`);
  return { kept: kept.length, bytes };
}

/**
 * Replaces `target` with `next`, carrying the replaced build's own assets over.
 * @param {string} next
 * @param {string} target
 */
async function publish(next, target) {
  const replaced = `${next}.replaced`;
  // A publish stopped between its two renames left the last build here: it is still the live one.
  if (!existsSync(target) && existsSync(replaced)) await rename(replaced, target);
  await rm(replaced, { recursive: true, force: true });
  const carried = await carry(target, next);
  if (existsSync(target)) await rename(target, replaced);
  await rename(next, target);
  await rm(replaced, { recursive: true, force: true });
  return carried;
}

async function main() {
  const [build, app] = process.argv.slice(2);
  if (!build || !app) {
    console.error('Usage: node scripts/publish-web-build.mjs BUILD APP');
    process.exit(2);
  }
  const missing = FOLDERS.filter((name) => !existsSync(path.join(build, name)));
  if (missing.length > 0) {
    console.error(
      `publish-web-build: no finished build in ${missing.map((name) => path.join(build, name)).join(', ')}`,
    );
    process.exit(1);
  }
  for (const name of FOLDERS) {
    const target = path.join(app, name);
    const { kept, bytes } = await publish(path.join(build, name), target);
    console.log(
      `publish-web-build: ${path.join(build, name)} is now ${target}, with ${kept} file(s) of the ` +
        `previous build kept in its assets (${(bytes / 1024).toFixed(1)} KB)`,
    );
  }
  await rmdir(build).catch(() => {}); // left when it holds something else
}

await main();
