import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, serverEntry } from './paths.mjs';

/**
 * Node arguments that run the server from its TypeScript sources. `node --import tsx` (not the
 * tsx CLI) so the child's pid is the server's own and a signal reaches it directly.
 * A .env file at the repo root is loaded when present; variables already set in the environment win.
 */
export function serverNodeArgs({ watch = false, envFile = true } = {}) {
  const args = [];
  if (envFile && existsSync(path.join(repoRoot, '.env'))) args.push('--env-file=.env');
  if (watch) args.push('--watch');
  args.push('--import', 'tsx', serverEntry);
  return args;
}
