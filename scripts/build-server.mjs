// `npm run build -w apps/server` (part of `npm run build`): bundles the server into apps/server/dist,
// or into the folder given as the only argument.
import path from 'node:path';
import { repoRoot } from './lib/paths.mjs';
import { buildServer } from './lib/server-build.mjs';

const [outdir] = process.argv.slice(2);
try {
  const { entry, bytes, ms } = buildServer(outdir ? { outdir: path.resolve(outdir) } : {});
  console.log(`${path.relative(repoRoot, entry)}: ${Math.round(bytes / 1024)} kB in ${ms} ms`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
