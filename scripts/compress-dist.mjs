// `node scripts/compress-dist.mjs DIR`: writes .br and .gz beside every compressible file over 1 KB,
// so @fastify/static (preCompressed: true) sends them instead of compressing on each request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt']);
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * @param {string} dir
 * @returns {AsyncGenerator<string>}
 */
async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else if (entry.isFile()) yield file;
  }
}

/**
 * True when both companions exist and are at least as new as the file (e.g. a rerun).
 * @param {string} file
 * @param {number} mtimeMs
 */
async function upToDate(file, mtimeMs) {
  try {
    const [br, gzipped] = await Promise.all([stat(`${file}.br`), stat(`${file}.gz`)]);
    return br.mtimeMs >= mtimeMs && gzipped.mtimeMs >= mtimeMs;
  } catch {
    return false;
  }
}

/** @param {string} file */
async function compress(file) {
  const info = await stat(file);
  if (info.size <= MIN_BYTES || (await upToDate(file, info.mtimeMs))) return null;
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  return { size: source.length, br: br.length, gz: gzipped.length };
}

async function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: node scripts/compress-dist.mjs DIR');
    process.exit(2);
  }
  const root = path.resolve(dir);
  if (!(await stat(root).catch(() => null))?.isDirectory()) {
    console.error(`compress-dist: ${root} is not a folder`);
    process.exit(2);
  }
  /** @type {string[]} */
  const files = [];
  for await (const file of walk(root)) {
    if (COMPRESSIBLE.has(path.extname(file))) files.push(file);
  }
  // zlib runs on the libuv pool: a few files at a time keep it busy without queueing them all.
  const totals = { files: 0, size: 0, br: 0, gz: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const result = file === undefined ? null : await compress(file);
      if (!result) continue;
      totals.files += 1;
      totals.size += result.size;
      totals.br += result.br;
      totals.gz += result.gz;
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, availableParallelism()) }, worker));
  const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `compress-dist: ${totals.files} file(s) in ${path.relative(process.cwd(), root) || '.'}: ` +
      `${kb(totals.size)} -> ${kb(totals.br)} brotli, ${kb(totals.gz)} gzip`,
  );
}

await main();
