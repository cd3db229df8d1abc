import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root: every script runs its children from here, wherever npm was started. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server entry, relative to repoRoot. */
export const serverEntry = 'apps/server/src/server.ts';
