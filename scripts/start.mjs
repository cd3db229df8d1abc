// `npm start`: builds the web app when stale, then runs the server (site + API on one port).
import { repoRoot } from './lib/paths.mjs';
import { exitCodeOf, run } from './lib/processes.mjs';
import { serverNodeArgs } from './lib/server-command.mjs';
import { buildWebIfStale } from './lib/web-build.mjs';

/**
 * One server process for now. WORKERS (a later issue) belongs here: it will start that many
 * processes on the same port and supervise them, and nothing above this function changes.
 */
function startServer() {
  return run(process.execPath, serverNodeArgs(), { cwd: repoRoot });
}

await buildWebIfStale();
process.exit(exitCodeOf(await startServer()));
