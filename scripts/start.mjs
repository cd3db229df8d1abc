// `npm start`: builds the web app and the server when stale, then runs the compiled server (site + API
// on one port).
import { repoRoot } from './lib/paths.mjs';
import { exitCodeOf, run } from './lib/processes.mjs';
import { serverEnv, serverNodeArgs } from './lib/server-command.mjs';
import { buildServerIfStale } from './lib/server-build.mjs';
import { buildWebIfStale } from './lib/web-build.mjs';

/**
 * One server process for now. WORKERS (a later issue) belongs here: it will start that many
 * processes on the same port and supervise them, and nothing above this function changes.
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
