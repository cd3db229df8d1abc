// Playwright's webServer: the BUILT app (web app and compiled server) on http://127.0.0.1:5055 over a
// fresh, throwaway database.
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib/paths.mjs';
import { exitCodeOf, run } from './lib/processes.mjs';
import { serverNodeArgs } from './lib/server-command.mjs';
import { buildServerIfStale } from './lib/server-build.mjs';
import { buildWebIfStale } from './lib/web-build.mjs';

const PREFIX = 'stellar-e2e-';
const OWNER_FILE = 'e2e-server.pid';
const HOUR = 60 * 60 * 1000;

const isAlive = (/** @type {number} */ pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
};

/** Removes data folders of earlier runs whose script died without cleaning up (e.g. SIGKILL). */
function sweepAbandoned() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmpdir(), name);
    const ownerFile = path.join(dir, OWNER_FILE);
    try {
      const abandoned = existsSync(ownerFile)
        ? !isAlive(Number(readFileSync(ownerFile, 'utf8')))
        : Date.now() - statSync(dir).mtimeMs > HOUR;
      if (abandoned) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run removed it first, or it is not ours to read: leave it.
    }
  }
}

sweepAbandoned();
const dataDir = mkdtempSync(path.join(tmpdir(), PREFIX));
writeFileSync(path.join(dataDir, OWNER_FILE), String(process.pid));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

// E2E_WEB_DIST: a copy of the app built elsewhere (apps/web/dist, with apps/web/dist-ssr beside it as
// DIR-ssr for the product pages the server renders),
// so a run is not disturbed by another rebuilding apps/web/dist.
const webDist = process.env.E2E_WEB_DIST;
if (!webDist) await buildWebIfStale();
buildServerIfStale();

/** @type {NodeJS.ProcessEnv} */
const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '5055',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  OWNER_USERNAME: 'owner',
  OWNER_PASSWORD: 'e2e-owner-password',
  LOG_LEVEL: 'warn',
  // Browser specs sign in many accounts from one address; the limits themselves are proven by the
  // server suite. Set RATE_LIMIT=on to run the specs with them.
  RATE_LIMIT: process.env.RATE_LIMIT ?? 'off',
  // The built-in test processor (local checkout page, same signed webhook path as BTCPay): the
  // checkout specs pay with it. BTCPay itself is never configured here.
  PAYMENTS_TEST_MODE: 'on',
};
// Hermetic: the embedded database in the temp folder and the app in apps/web/dist, whatever the shell says.
delete env.DATABASE_URL;
delete env.REDIS_URL;
delete env.WEB_DIST;
if (webDist) env.WEB_DIST = path.resolve(webDist);

const result = await run(process.execPath, serverNodeArgs({ envFile: false, compiled: true }), {
  cwd: repoRoot,
  env,
});
process.exit(exitCodeOf(result));
