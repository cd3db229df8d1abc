import { buildApp, type App } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { seed } from './db/seed';

/** Starts one server process: config, database (migrated and seeded), HTTP, graceful stop. */
async function main(): Promise<void> {
  const config = loadConfig();
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

  await database.migrate();
  const built = await buildApp({ config, database });
  running.app = built;
  await seed(database.db, {
    ownerUsername: config.OWNER_USERNAME,
    ownerPassword: config.OWNER_PASSWORD,
    log: (msg) => built.log.warn(msg),
  });

  await built.listen({ port: config.PORT, host: config.HOST });
  built.log.info({ database: database.kind }, `Stellar is serving on port ${config.PORT}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
