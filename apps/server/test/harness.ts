import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { eq, type SQL } from 'drizzle-orm';
import type { Role } from '@stellar/shared';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { seed } from '../src/db/seed';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/password';
import { adminQuery, withDatabase } from './global-setup';

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  close: () => Promise<void>;
}

/** A PGlite client on a copy of the migrated test database (PGlite project only). */
export function freshPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
}

/** A fresh, migrated and seeded database of the project's driver (PGlite or PostgreSQL). */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  if (process.env.STELLAR_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `stellar_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 5 });
    return {
      database,
      drop: async () => {
        await database.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const client = await freshPglite();
  const database = await openDatabase({ pglite: client });
  return { database, drop: () => database.close() };
}

/** Builds the real app on a fresh database; call close() in afterAll. */
export async function createTestApp(
  opts: { env?: Record<string, string>; extend?: (app: App) => void } = {},
): Promise<TestContext> {
  const env = opts.env ?? {};
  const { database, drop } = await openTestDatabase();
  await seed(database.db, { skipOwner: true });
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  opts.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * The real app on a fresh seeded database with its logger on (config from `env`), every JSON line it
 * writes kept in `lines`. Not ready yet: call ready() or listen().
 */
export async function createLoggedApp(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const { database, drop } = await openTestDatabase();
  await seed(database.db, { skipOwner: true });
  const app = await buildApp({
    config: loadConfig({ WEB_DIST: '/nonexistent', ...env }),
    database,
    logStream: new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  });
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

let counter = 0;
const passwordHashes = new Map<string, Promise<string>>();
export const DEFAULT_PASSWORD = 'correct-horse-battery';

/** Inserts a user directly (factory); the password hash is computed once per distinct password. */
export async function createUser(
  ctx: TestContext,
  overrides: Partial<typeof users.$inferInsert> & { password?: string; role?: Role } = {},
) {
  const { password = DEFAULT_PASSWORD, ...rest } = overrides;
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  counter += 1;
  const [user] = await ctx.db
    .insert(users)
    .values({
      username: `user${counter}_${randomBytes(3).toString('hex')}`,
      passwordHash: await passwordHashes.get(password)!,
      ...rest,
    })
    .returning();
  return { ...user!, password };
}

/** Logs a user in through the API and returns the bearer token. */
export async function loginAs(ctx: TestContext, username: string, password = DEFAULT_PASSWORD) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  const body = res.json();
  if (!body.token) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return body.token as string;
}

/** A user of the given role, signed in: { user, token, auth } where auth is the header object. */
export async function signedIn(ctx: TestContext, role: Role = 'Member') {
  const user = await createUser(ctx, { role });
  const token = await loginAs(ctx, user.username);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

export async function reloadUser(ctx: TestContext, id: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The code an authenticator app shows for `secret`, `stepsAhead` periods from now. */
export const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** Raw SQL rows, whichever driver runs the test. */
export async function rows<T = Record<string, unknown>>(
  ctx: TestContext,
  query: SQL,
): Promise<T[]> {
  const result = (await ctx.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Each route's hook lines, from printRoutes: "path (METHODS)" -> its "• (hook) [...]" lines. */
export function routeHooks(ctx: TestContext): Map<string, string> {
  const lines = ctx.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
  const blocks = new Map<string, string>();
  let current = '';
  for (const line of lines) {
    if (line.includes('•')) blocks.set(current, `${blocks.get(current) ?? ''}${line}\n`);
    else current = line.replace(/^[\s│├└─]+/, '').trim();
  }
  return blocks;
}
