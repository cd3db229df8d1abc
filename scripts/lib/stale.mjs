import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// Tests never reach a build, so editing one must not force a rebuild.
const isTestFile = (/** @type {string} */ name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/**
 * The newest file under `target` (a file or a folder walked recursively, `test` folders and test
 * files left out), or null if none.
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

/**
 * Why `built` (a file that a build writes last) is out of date, or null when it is newer than every
 * input. Paths are relative to `root`.
 * @param {string} root
 * @param {string} built
 * @param {readonly string[]} inputs
 * @param {string} what what was built, for the message (e.g. 'the web app')
 */
export function staleReason(root, built, inputs, what) {
  const builtFile = path.join(root, built);
  if (!existsSync(builtFile)) return `${what} has not been built yet`;
  const builtAt = statSync(builtFile).mtimeMs;
  for (const input of inputs) {
    const newest = newestFile(path.join(root, input));
    if (newest && newest.mtimeMs > builtAt) {
      return `${path.relative(root, newest.file)} changed since the last build`;
    }
  }
  return null;
}
