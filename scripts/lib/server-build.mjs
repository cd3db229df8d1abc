// The compiled server: apps/server/src bundled by esbuild into one ESM file with its source map. Our
// code and the @stellar/* workspace packages (TypeScript sources) are bundled; every npm package
// stays an import, resolved from node_modules at run time. The SQL migrations are copied beside the
// bundle, where db/client.ts looks for them (a `migrations` folder next to the running file).
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { repoRoot, serverBundle, serverDist, serverEntry } from './paths.mjs';
import { staleReason } from './stale.mjs';

/** What the bundle is made from (paths relative to the repo root). */
const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'scripts/lib/server-build.mjs',
];
const MIGRATIONS = 'apps/server/src/db/migrations';
/** Manifests whose npm packages stay imports (the server and the workspace packages it bundles). */
const MANIFESTS = ['apps/server/package.json', 'packages/shared/package.json'];

/** @param {string} root */
function externalPackages(root) {
  const names = new Set();
  for (const manifest of MANIFESTS) {
    const pkg = JSON.parse(readFileSync(path.join(root, manifest), 'utf8'));
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
      if (!name.startsWith('@stellar/')) names.add(name);
    }
  }
  return [...names];
}

/**
 * Replaces `file` in one step, so a server starting during a rebuild reads the old file or the new one.
 * @param {string} file
 * @param {string | Uint8Array} contents
 */
function writeAtomically(file, contents) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, contents);
  renameSync(temp, file);
}

/**
 * @param {string} from
 * @param {string} to
 */
function copyTree(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyTree(source, path.join(to, entry.name));
    else writeAtomically(path.join(to, entry.name), readFileSync(source));
  }
}

/**
 * Bundles the server into `outdir` (relative to `root` or absolute): server.js, server.js.map and
 * migrations/. server.js is written last, so its mtime says when the whole build was complete.
 * Throws when the build fails or would bundle a file from node_modules (a package missing from
 * apps/server/package.json).
 */
export function buildServer({ root = repoRoot, outdir = serverDist } = {}) {
  const out = path.resolve(root, outdir);
  const started = performance.now();
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: [serverEntry],
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Names as in the sources (Fastify plugin names, class names in logs and errors).
    keepNames: true,
    external: externalPackages(root),
    // The compiled server is the production one. React and TanStack Query, which render product
    // pages on the server (the web build's SSR bundle, imported on first use, after this line has
    // run), choose their build by NODE_ENV when first loaded; unset, they loaded their development
    // builds: 3.6-3.8 ms a product page render against 1.8-2.0 (docs/benchmarks.md, "React's
    // production build on the server"). An explicit NODE_ENV (environment or .env) still wins.
    banner: { js: "process.env.NODE_ENV ??= 'production';" },
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const fromPackages = Object.keys(result.metafile.inputs).filter((f) =>
    f.includes('node_modules/'),
  );
  if (fromPackages.length > 0) {
    throw new Error(
      `The server bundle would include ${fromPackages.join(', ')}: list the package in apps/server/package.json.`,
    );
  }
  copyTree(path.join(root, MIGRATIONS), path.join(out, 'migrations'));
  const entry = path.join(out, 'server.js');
  const files = [...result.outputFiles].sort(
    (a, b) => Number(a.path === entry) - Number(b.path === entry),
  );
  for (const file of files) writeAtomically(file.path, file.contents);
  const size = files.find((f) => f.path === entry)?.contents.length ?? 0;
  return { entry, bytes: size, ms: Math.round(performance.now() - started) };
}

/** Why the server must be rebuilt, or null when apps/server/dist is up to date. */
export function serverBuildStaleReason(root = repoRoot) {
  return staleReason(root, serverBundle, SERVER_INPUTS, 'the server');
}

/** Builds apps/server/dist when it is missing or older than its sources. */
export function buildServerIfStale(log = (/** @type {string} */ line) => console.log(line)) {
  const reason = serverBuildStaleReason();
  if (!reason) return;
  log(`Building the server first: ${reason}.`);
  buildServer();
}
