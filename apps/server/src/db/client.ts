import {
  chmodSync,
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  writeFileSync,
  unlinkSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PgliteStatements } from './pglite-statements';
import * as schema from './schema';

/** The Drizzle database, whichever engine is behind it. Nothing else knows which. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs committed migrations (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** LISTEN on a channel; returns an unlisten function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727274; // advisory lock id: one migrator at a time across processes
/**
 * PGlite's default shared_buffers (128 MB) sits in its WebAssembly memory and is nearly all resident
 * from the start; the data files are already in the kernel's page cache, so a smaller buffer pool
 * keeps the process far lighter: 16 MB leaves 30 MB of that memory resident, against 48 MB at 32 MB and
 * 151 MB at the default (docs/benchmarks.md, Memory).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An already-open PGlite instance (tests). */
  pglite?: PGlite;
  poolSize?: number;
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite in dataDir (locked). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  if (opts.pglite) return wrapPglite(opts.pglite, () => undefined);
  const dataDir = path.resolve(opts.dataDir ?? './data');
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      startParams: PGLITE_START_PARAMS,
    });
    return wrapPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The types Drizzle's PGlite driver keeps as PostgreSQL's text (it maps them itself): timestamps,
 * intervals, dates, and arrays of those and of numeric. It passes parsers for them with every query.
 */
const DRIZZLE_TEXT_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const keepText = (value: string) => value;

/**
 * The PGlite client as Drizzle gets it. PGlite copies its whole parser map (about 320 entries, one
 * per array type) into a new object for every query that brings parsers of its own: 70 to 140 µs a
 * query, as much as the rest of a small read (benchmarks.md). The client holds Drizzle's text
 * parsers itself instead, and queries whose parsers are only those go without them: same rows.
 * Its reads and writes run as named statements, parsed once (PgliteStatements).
 */
export function forDrizzle(client: PGlite): PGlite {
  const turns = statementTurns();
  const statements = new PgliteStatements(client);
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = keepText;
  const lean = (options?: QueryOptions): QueryOptions | undefined =>
    options?.parsers && Object.keys(options.parsers).every((k) => DRIZZLE_TEXT_TYPES.has(Number(k)))
      ? { ...options, parsers: undefined }
      : options;
  const withLeanQueries = <T extends object>(
    target: T,
    extra: Record<PropertyKey, unknown> = {},
    tx?: Transaction,
  ) => {
    const turn = tx ? <R>(run: () => Promise<R>) => run() : turns;
    // The target's own query(): run as a named statement instead (PgliteStatements). Another
    // function put in its place (a test's counter) is called as it is.
    const ownQuery: unknown = Reflect.get(target, 'query', target);
    const prepared = (text: string, params?: unknown[], options?: QueryOptions) =>
      tx ? statements.queryIn(tx, text, params, options) : statements.query(text, params, options);
    /**
     * Each method bound to the target once (not on every access, i.e. every query); made again only if
     * the target's property now holds another function.
     */
    const bound = new Map<PropertyKey, { of: unknown; fn: unknown }>();
    return new Proxy(target, {
      get(t, prop) {
        if (prop in extra) return extra[prop];
        const value: unknown = Reflect.get(t, prop, t);
        if (typeof value !== 'function') return value;
        const cached = bound.get(prop);
        if (cached?.of === value) return cached.fn;
        // PGlite's methods use private fields: they run on the client itself, not on the proxy.
        let fn: unknown;
        if (prop !== 'query') fn = (value as (...a: unknown[]) => unknown).bind(t);
        else if (value === ownQuery)
          fn = (text: string, params?: unknown[], options?: QueryOptions) =>
            turn(() => prepared(text, params, lean(options)));
        else
          fn = (text: string, params?: unknown[], options?: QueryOptions) =>
            turn(() => (value as Transaction['query']).call(t, text, params, lean(options)));
        bound.set(prop, { of: value, fn });
        return fn;
      },
    });
  };
  return withLeanQueries(client, {
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      turns(() => client.transaction((tx) => fn(withLeanQueries(tx, {}, tx)))),
  });
}

/**
 * PGlite runs a statement synchronously and hands its lock to the next waiter in a microtask: a queue
 * of statements drains in one macrotask, and the event loop polls I/O only between drains (100-900 ms
 * under load). libuv accepts one connection per loop iteration, so a new client waited one drain per
 * connection ahead of it. Statements outside a transaction (and whole transactions) take turns: in
 * arrival order, one at a time, and the loop gets a turn once a slice has run TURN_SLICE_MS.
 */
const TURN_SLICE_MS = 8;
function statementTurns() {
  const waiting: (() => void)[] = [];
  let busy = false;
  let sliceStart = 0;
  const releaseNext = () => {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };
  const newSlice = () => {
    sliceStart = performance.now();
    releaseNext();
  };
  const done = () => {
    if (performance.now() - sliceStart < TURN_SLICE_MS) releaseNext();
    else setImmediate(newSlice);
  };
  // A wrapper of the client's query (a test's counter) calls through to it within its turn.
  let starting = false;
  const start = <R>(run: () => Promise<R>) => {
    starting = true;
    try {
      return run();
    } finally {
      starting = false;
    }
  };
  return <R>(run: () => Promise<R>): Promise<R> => {
    if (starting) return run();
    const ready = new Promise<void>((resolve) => waiting.push(resolve));
    if (!busy) {
      busy = true;
      setImmediate(newSlice);
    }
    return ready.then(() => start(run)).finally(done);
  };
}

function wrapPglite(client: PGlite, release: () => void): Database {
  const db = drizzlePglite({
    client: forDrizzle(client),
    schema,
    casing: 'snake_case',
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return unlisten;
    },
    async close() {
      if (!client.closed) await client.close();
      release();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle client losing its server (restart, outage) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      listeners.add(client);
      client.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
      });
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => {});
      };
    },
    async close() {
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** Cheap round trip used by /api/readyz. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * PGlite takes no lock of its own: two processes on one folder would corrupt it.
 * An O_EXCL lock file holding our pid refuses the second; a stale one (dead pid) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  // The folder holds the whole database (and its secrets): other local users may not even list it.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const lockPath = path.join(dataDir, 'stellar.lock');
  const take = () => {
    const fd = openSync(lockPath, 'wx');
    writeFileSync(fd, String(process.pid));
    closeSync(fd);
  };
  try {
    take();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another Stellar process (pid ${pid}). ` +
          'Stop it first, or set DATA_DIR to another folder or DATABASE_URL to a PostgreSQL server.',
      );
    }
    unlinkSync(lockPath);
    take();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
    } catch {
      /* already gone */
    }
  };
}

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
