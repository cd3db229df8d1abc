import cluster from 'node:cluster';
import { buildApp, type App } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { seed } from './db/seed';
import { embeddedSecrets, storedSecretNames } from './lib/secrets';

const seedOptions = (config: Config, log: (msg: string) => void) => ({
  ownerUsername: config.OWNER_USERNAME,
  ownerPassword: config.OWNER_PASSWORD,
  log,
});

/** Starts one server process: config, database (migrated and seeded), HTTP, graceful stop. */
async function serve(config: Config, prepared: boolean): Promise<void> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  // Installed before the slow start-up steps, so a SIGTERM while migrating still closes cleanly.
  const running: { app?: App } = {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`${signal}: draining requests and closing the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await running.app?.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (!prepared) await database.migrate();
  // The embedded default keeps its keys in DATA_DIR/secrets (moved there from an older table).
  if (!config.DATABASE_URL) config = await embeddedSecrets(config, database.db);
  else if (!prepared) {
    const stored = await storedSecretNames(database.db);
    if (stored.length > 0) {
      console.warn(
        `server_secrets still holds ${stored.join(', ')} from an earlier version; they are no longer read. Export them with "npm run secrets:export -- <dir>" and point ENCRYPTION_KEY_FILE / LICENCE_SIGNING_KEY_FILE at the files (docs/operations.md).`,
      );
    }
  }
  const app = await buildApp({ config, database });
  running.app = app;
  if (!prepared)
    await seed(
      database.db,
      seedOptions(config, (msg) => app.log.warn(msg)),
    );
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: database.kind, pid: process.pid },
    `Stellar is serving on port ${config.PORT}`,
  );
}

/**
 * WORKERS > 1: the primary migrates and seeds once, then forks that many server processes that
 * share the port (node:cluster), restarts any that die, and stops them all on SIGTERM.
 */
async function supervise(config: Config): Promise<void> {
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: WORKERS > 1 needs DATABASE_URL (the embedded database serves one process).',
    );
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 1 });
  await database.migrate();
  await seed(
    database.db,
    seedOptions(config, (msg) => console.warn(msg)),
  );
  await database.close();

  let stopping = false;
  const fork = () => cluster.fork({ STELLAR_WORKER: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  for (let i = 0; i < config.WORKERS; i++) fork();
  console.log(`Stellar primary ${process.pid}: ${config.WORKERS} workers on port ${config.PORT}`);
}

async function main(): Promise<void> {
  // Every file this process (and its workers) creates is readable by its own user only.
  process.umask(0o077);
  const config = loadConfig();
  if (cluster.isPrimary && config.WORKERS > 1) return supervise(config);
  return serve(config, cluster.isWorker);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
