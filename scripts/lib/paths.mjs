import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root: every script runs its children from here, wherever npm was started. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server entry, relative to repoRoot. */
export const serverEntry = 'apps/server/src/server.ts';

/** Where `npm run build` puts the compiled server, relative to repoRoot. */
export const serverDist = 'apps/server/dist';

/** The compiled server entry (the bundle of serverEntry), relative to repoRoot. */
export const serverBundle = `${serverDist}/server.js`;
