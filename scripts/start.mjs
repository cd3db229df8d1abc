// `npm start`: builds the web app and the server when stale, then runs the compiled server (site + API
// on one port).
import { repoRoot } from './lib/paths.mjs';
import { exitCodeOf, run } from './lib/processes.mjs';
import { serverEnv, serverNodeArgs } from './lib/server-command.mjs';
import { buildServerIfStale } from './lib/server-build.mjs';
import { buildWebIfStale } from './lib/web-build.mjs';

/**
 * The compiled server, as this process's child. With WORKERS > 1 it forks that many server processes
 * on the same port itself (apps/server/src/server.ts), after the builds above ran once.
 */
function startServer() {
  return run(process.execPath, serverNodeArgs({ compiled: true }), {
    cwd: repoRoot,
    env: serverEnv(),
  });
}

await buildWebIfStale();
try {
  buildServerIfStale();
} catch (err) {
  console.error(`The server build failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
process.exit(exitCodeOf(await startServer()));
