import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, serverBundle, serverEntry } from './paths.mjs';

/**
 * Node arguments that run the server: from its TypeScript sources through `node --import tsx`
 * (`npm run dev`), or with `compiled` the bundle in apps/server/dist that `npm run build` makes
 * (`npm start`, benches, browser tests). `node --import tsx` rather than the tsx CLI, so the child's
 * pid is the server's own and a signal reaches it directly.
 * A .env file at the repo root is loaded when present; variables already set in the environment win.
 */
export function serverNodeArgs({ watch = false, envFile = true, compiled = false } = {}) {
  const args = [];
  if (envFile && existsSync(path.join(repoRoot, '.env'))) args.push('--env-file=.env');
  if (watch) args.push('--watch');
  if (compiled) args.push('--enable-source-maps', serverBundle);
  else args.push('--import', 'tsx', serverEntry);
  return args;
}
